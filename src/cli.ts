#!/usr/bin/env node
import { existsSync, readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { listen } from './adapters/node-server.js';
import { readPersisted } from './adapters/persist.js';
import { requestLine } from './adapters/request-log.js';
import { FlagError, type FlagName, type FlagValues, parseFlags, usage } from './cli/flags.js';
import { tryLoadYjs } from './model/state/yjs.js';
import { webhookAllowList } from './model/webhooks/allow-list.js';
import { type CredentialValues, checkCredentials } from './options.js';
import { authHeaderNames } from './protocol/auth-headers.js';
import { corsOrigins } from './protocol/cors.js';
import { bindsLoopbackOnly } from './protocol/origins.js';
import { createScenarioService, SCENARIO_NAMES } from './scenarios/index.js';
import { createMockService, type MockService } from './service.js';

/** The version of the installed package (dist/cli.js and src/cli.ts both sit one level below package.json). */
function version(): string {
  return (JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string }).version;
}

function fail(message: string): never {
  process.stderr.write(`collab-service-mock: ${message}\nRun collab-service-mock --help for every flag and its environment variable.\n`);
  process.exit(2);
}

/** How messages name a flag: `--port`, or its environment variable when the value came from there. */
let source = (name: FlagName): string => `--${name}`;

function integer(name: FlagName, raw: string | undefined, fallback: number, min: number, max: number): number {
  if (raw === undefined) return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > max) fail(`${source(name)} must be an integer from ${min} to ${max}, got '${raw}'.`);
  return value;
}

/** The options every way of starting shares: clock, journal, header names, credentials, webhook and CORS policy. */
interface Common {
  clock?: 'system';
  journalLimit: number;
  headerPrefix?: string;
  credentials?: CredentialValues;
  webhooks: { allow: string[] };
  cors: { origins: string[] };
}

/** The credentials the flags give, checked against the service's id rules with a message naming the flag. */
function givenCredentials(values: FlagValues): CredentialValues | undefined {
  const given = {
    apiKey: values['api-key'],
    authToken: values['auth-token'],
    workspaceId: values['workspace-id'],
    workspaceAuthToken: values['workspace-auth-token'],
  };
  if (Object.values(given).every((value) => value === undefined)) return undefined;
  try {
    return checkCredentials(given, {
      apiKey: source('api-key'),
      authToken: source('auth-token'),
      workspaceId: source('workspace-id'),
      workspaceAuthToken: source('workspace-auth-token'),
    });
  } catch (error) {
    fail((error as Error).message);
  }
}

/** The service the flags ask for: a scenario at a seed, or an exported state (whose seed it carries). */
async function createService(values: FlagValues, clockOption: Common): Promise<MockService> {
  if (values.persist !== undefined) {
    if (values.state !== undefined) fail(`${source('persist')} loads its own file when it exists; pass --state or --persist, not both.`);
    const path = values.persist;
    let text: string | undefined;
    try {
      text = readPersisted(path, values.seed === undefined ? undefined : integer('seed', values.seed, 1, 0, 2 ** 32 - 1));
    } catch (error) {
      fail(`cannot load ${source('persist')} ${path}: ${(error as Error).message}`);
    }
    if (text !== undefined) {
      if (values.scenario !== undefined) {
        process.stderr.write(
          `collab-service-mock: ${path} exists, so the state is loaded from it and ${source('scenario')} ${values.scenario} is not built; delete the file to start from the scenario.\n`,
        );
      }
      await tryLoadYjs();
      try {
        return createMockService({ ...clockOption, state: text });
      } catch (error) {
        fail(`cannot load ${source('persist')} ${path}: ${(error as Error).message}`);
      }
    }
  }
  if (values.state !== undefined) {
    if (values.scenario !== undefined) fail('--state and --scenario both choose the starting state; pass one of them.');
    if (values.seed !== undefined) fail('--state carries its own seed; leave --seed out.');
    // A state with shared editors opens Yjs documents while it loads.
    await tryLoadYjs();
    const path = values.state;
    const text = await readFile(path, 'utf8').catch((error: NodeJS.ErrnoException) => fail(unreadable(source('state'), path, error)));
    try {
      return createMockService({ ...clockOption, state: text });
    } catch (error) {
      fail(`cannot load ${source('state')} ${path}: ${(error as Error).message}`);
    }
  }
  const scenario = values.scenario ?? 'empty';
  const named = SCENARIO_NAMES.find((name) => name === scenario);
  if (named === undefined) fail(`${source('scenario')} must be one of ${SCENARIO_NAMES.join(', ')}, got '${scenario}'.`);
  return createScenarioService({ seed: integer('seed', values.seed, 1, 0, 2 ** 32 - 1), scenario: named, ...clockOption });
}

/** Why a state file could not be read, in words, with what to do. */
function unreadable(flag: string, path: string, error: NodeJS.ErrnoException): string {
  if (error.code === 'ENOENT') return `${flag} ${path}: no such file; write one with service.exportState() or GET /__mock/state, or leave ${flag} out.`;
  if (error.code === 'EISDIR') return `${flag} ${path} is a folder; name the exported state file.`;
  if (error.code === 'EACCES') return `${flag} ${path} cannot be read (permission denied).`;
  return `cannot read ${flag} ${path}: ${error.message}`;
}

/** A call that shows data of the loaded state: the users of its first organization with users, or adding one. */
function example(service: MockService): { path: string; data: unknown } {
  const ns = service.model.store.namespace(service.credentials.apiKey);
  for (const org of ns.organizations.values()) {
    if (!org.disabled && org.users.size > 0) return { path: '/v2/users/get', data: { organizationId: org.organizationId } };
  }
  return { path: '/v2/users/add', data: { organizationId: 'org-1', users: [{ userId: 'user-1', name: 'Ada Lovelace' }] } };
}

/** Where the state came from, for the banner. */
function startingState(
  values: { state?: string | undefined; persist?: string | undefined; scenario?: string | undefined; seed?: string | undefined },
  loaded: boolean,
  seed: number,
): string {
  if (values.state !== undefined) return values.state;
  const origin = loaded ? `${values.persist} (seed ${seed})` : `scenario ${values.scenario ?? 'empty'}, seed ${values.seed ?? 1}`;
  return values.persist === undefined ? origin : `${origin}, saved to ${values.persist} after writes`;
}

/** Parses the flags, starts the server, prints where it is and how to call it, stops on SIGINT/SIGTERM. */
async function main(argv: string[]): Promise<void> {
  let parsed: ReturnType<typeof parseFlags>;
  try {
    parsed = parseFlags(argv, process.env);
  } catch (error) {
    if (error instanceof FlagError) fail(error.message);
    throw error;
  }
  const { values } = parsed;
  source = parsed.source;
  if (values.help) {
    process.stdout.write(`${usage()}\n`);
    return;
  }
  if (values.version) {
    process.stdout.write(`${version()}\n`);
    return;
  }
  const clock = values.clock ?? 'system';
  if (clock !== 'system' && clock !== 'virtual') fail(`${source('clock')} must be 'system' or 'virtual', got '${clock}'.`);
  const journalLimit = integer('journal-limit', values['journal-limit'], 1000, 0, 1_000_000);
  const headerPrefix = values['header-prefix'];
  if (headerPrefix !== undefined) {
    try {
      authHeaderNames(headerPrefix, source('header-prefix'));
    } catch (error) {
      fail((error as Error).message);
    }
  }
  const credentials = givenCredentials(values);
  const webhookAllow = values['webhook-allow'] ?? [];
  const origins = values['cors-origin'] ?? [];
  for (const [flag, check] of [
    ['webhook-allow', () => webhookAllowList(webhookAllow)],
    ['cors-origin', () => corsOrigins(origins)],
  ] as const) {
    try {
      check();
    } catch (error) {
      fail(`${source(flag)}: ${(error as Error).message}`);
    }
  }
  const common: Common = {
    ...(clock === 'system' ? { clock: 'system' as const } : {}),
    journalLimit,
    ...(headerPrefix !== undefined ? { headerPrefix } : {}),
    ...(credentials !== undefined ? { credentials } : {}),
    webhooks: { allow: webhookAllow },
    cors: { origins },
  };
  const service = await createService(values, common);
  const loadedFromPersist = values.persist !== undefined && existsSync(values.persist);
  const token = values['control-token'];
  if (token !== undefined && !/^[\x21-\x7e]{16,}$/.test(token)) fail(`${source('control-token')} must be at least 16 printable characters without spaces.`);
  const running = await listen(service, {
    port: integer('port', values.port, 4780, 0, 65535),
    host: values.host ?? '127.0.0.1',
    ...(token !== undefined ? { controlToken: token } : {}),
    ...(values['allowed-host'] ? { allowedHosts: values['allowed-host'] } : {}),
    ...(values.persist !== undefined ? { persist: values.persist } : {}),
  }).catch((error: NodeJS.ErrnoException) =>
    fail(error.code === 'EADDRINUSE' ? `port ${values.port ?? 4780} is in use; pick another with ${source('port')}.` : error.message),
  );
  if (!bindsLoopbackOnly(running.host)) {
    process.stderr.write(
      `collab-service-mock: warning: listening on ${running.host}, beyond this machine. Anyone who can reach it can call the API with the\n` +
        `  printed credentials; the control plane (/__mock/*) asks for the control token in the x-mock-control-token header.\n`,
    );
  }
  const c = service.credentials;
  const names = service.settings.authHeaders;
  const call = example(service);
  process.stdout.write(
    [
      `listening on ${running.url}`,
      `  starting state:        ${startingState(values, loadedFromPersist, service.seed)} (POST /__mock/reset returns here)`,
      `  inspector:             ${running.url}/__mock/${running.controlToken !== undefined ? `#token=${encodeURIComponent(running.controlToken)}` : ''}`,
      `  workspace id:          ${c.workspaceId}  (header ${names.workspaceId})`,
      `  workspace auth token:  ${c.workspaceAuthToken}  (header ${names.workspaceAuthToken})`,
      `  api key:               ${c.apiKey}  (header ${names.apiKey})`,
      `  auth token:            ${c.authToken}  (header ${names.authToken})`,
      ...(running.controlToken !== undefined ? [`  control token:         ${running.controlToken} (send as x-mock-control-token on /__mock/*)`] : []),
      `try: curl -s -X POST ${running.url}${call.path} -H 'content-type: application/json' \\`,
      `       -H '${names.apiKey}: ${c.apiKey}' -H '${names.authToken}: ${c.authToken}' -d '${JSON.stringify({ data: call.data })}'`,
      '',
    ].join('\n'),
  );
  if (!values.quiet) service.journal.subscribe((entry) => process.stdout.write(`${requestLine(entry)}\n`));
  let stopping = false;
  const stop = (signal: string): void => {
    if (stopping) return;
    stopping = true;
    process.stdout.write(`received ${signal}, stopping\n`);
    // Closing the server writes the --persist file one last time, so a stopped server loses no answered call.
    running.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.once('SIGINT', () => stop('SIGINT'));
  process.once('SIGTERM', () => stop('SIGTERM'));
  // Run by npm (`npm start`, `npx`), a signal to npm does not reach this process: npm exits and leaves it running on
  // its port. Its parent going away (this process handed to another) stops it the same way.
  if (process.env['npm_lifecycle_event'] !== undefined) watchParent(() => stop('the exit of npm'));
}

/** Calls `gone` once when this process's parent exits (its parent id changes); checks four times a second. */
function watchParent(gone: () => void): void {
  const parent = process.ppid;
  const timer = setInterval(() => {
    if (process.ppid === parent) return;
    clearInterval(timer);
    gone();
  }, 250);
  timer.unref();
}

await main(process.argv.slice(2));
