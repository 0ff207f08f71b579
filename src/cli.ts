#!/usr/bin/env node
import { existsSync, readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { listen } from './adapters/node-server.js';
import { readPersisted } from './adapters/persist.js';
import { requestLine } from './adapters/request-log.js';
import { tryLoadYjs } from './model/state/yjs.js';
import { webhookAllowList } from './model/webhooks/targets.js';
import { corsOrigins } from './protocol/cors.js';
import { bindsLoopbackOnly } from './protocol/origins.js';
import { createScenarioService, createServiceFromState, SCENARIO_NAMES } from './scenarios/index.js';
import type { MockService } from './service.js';

const USAGE = `Usage: collab-service-mock [--port 4780] [--host 127.0.0.1] [--seed 1] [--clock system|virtual]
                           [--scenario empty|starter|team|large | --state file.json]
                           [--control-token TOKEN] [--allowed-host NAME ...] [--webhook-allow CIDR|HOST ...]
                           [--cors-origin ORIGIN ...]
                           [--persist file.json] [--journal-limit 1000] [--quiet]

Starts the Collaboration Service emulator on an in-memory state; GET / lists the control routes.
  --port      port to listen on; 0 picks a free one (default 4780)
  --host      interface to bind (default 127.0.0.1); any other than loopback makes the control plane
              (/__mock/*) ask for a control token in the x-mock-control-token header
  --control-token  the control token (default: generated and printed when --host is not loopback)
  --allowed-host   a further name clients use for this server (a container or LAN name); the control
              plane and the sync endpoint refuse names other than loopback, --host and these; repeatable
  --webhook-allow  a private network range or host webhooks may be delivered to (10.0.0.0/8,
              receiver.lan); loopback and public hosts need none; repeatable
  --cors-origin    a web page origin (https://app.example:8443) that may read API replies besides
              pages on localhost, 127.0.0.1 and [::1] (any port); repeatable
  --seed      seed of every generated id and token, and of the scenario's data (default 1)
  --scenario  start from a named scenario; POST /__mock/reset returns to it (default empty)
  --state     start from a state written by service.exportState(); its seed is taken from the file
              (default none: the scenario is used)
  --persist   load the state from this file when it exists, and write it back (atomically) after
              calls, at most 1 s behind, and on SIGINT/SIGTERM; a file of another --seed is refused
  --journal-limit  calls kept for GET /__mock/requests; 0 keeps none (default 1000)
  --quiet     print no line per request
  --clock     'system' follows the host clock; 'virtual' starts at 2026-01-01 and moves only
              through POST /__mock/clock/advance (default system)
  -h, --help     print this help and exit
  -v, --version  print the version and exit`;

/** The version of the installed package (dist/cli.js and src/cli.ts both sit one level below package.json). */
function version(): string {
  return (JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string }).version;
}

function fail(message: string): never {
  process.stderr.write(`collab-service-mock: ${message}\n\n${USAGE}\n`);
  process.exit(2);
}

function integer(name: string, raw: string | undefined, fallback: number, min: number, max: number): number {
  if (raw === undefined) return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > max) fail(`--${name} must be an integer from ${min} to ${max}, got '${raw}'.`);
  return value;
}

/** The service the flags ask for: a scenario at a seed, or an exported state (whose seed it carries). */
async function createService(
  values: { seed?: string | undefined; scenario?: string | undefined; state?: string | undefined; persist?: string | undefined },
  clock: string,
  journalLimit: number,
  policy: { webhookAllow: string[]; corsOrigins: string[] },
): Promise<MockService> {
  const clockOption = {
    ...(clock === 'system' ? { clock: 'system' as const } : {}),
    journalLimit,
    webhooks: { allow: policy.webhookAllow },
    cors: { origins: policy.corsOrigins },
  };
  if (values.persist !== undefined) {
    if (values.state !== undefined) fail('--persist loads its own file when it exists; pass --state or --persist, not both.');
    const path = values.persist;
    let text: string | undefined;
    try {
      text = readPersisted(path, values.seed === undefined ? undefined : integer('seed', values.seed, 1, 0, 2 ** 32 - 1));
    } catch (error) {
      fail(`cannot load --persist ${path}: ${(error as Error).message}`);
    }
    if (text !== undefined) {
      await tryLoadYjs();
      try {
        return createServiceFromState(text, clockOption);
      } catch (error) {
        fail(`cannot load --persist ${path}: ${(error as Error).message}`);
      }
    }
  }
  if (values.state !== undefined) {
    if (values.scenario !== undefined) fail('--state and --scenario both choose the starting state; pass one of them.');
    if (values.seed !== undefined) fail('--state carries its own seed; leave --seed out.');
    // A state with shared editors opens Yjs documents while it loads.
    await tryLoadYjs();
    const path = values.state;
    const text = await readFile(path, 'utf8').catch((error: NodeJS.ErrnoException) => fail(`cannot read --state ${path}: ${error.code ?? error.message}.`));
    try {
      return createServiceFromState(text, clockOption);
    } catch (error) {
      fail(`cannot load --state ${path}: ${(error as Error).message}`);
    }
  }
  const scenario = values.scenario ?? 'empty';
  const named = SCENARIO_NAMES.find((name) => name === scenario);
  if (named === undefined) fail(`--scenario must be one of ${SCENARIO_NAMES.join(', ')}, got '${scenario}'.`);
  return createScenarioService({ seed: integer('seed', values.seed, 1, 0, 2 ** 32 - 1), scenario: named, ...clockOption });
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
  // biome-ignore lint/suspicious/noImplicitAnyLet: TypeScript types it from the parseArgs call that assigns it.
  let values;
  try {
    ({ values } = parseArgs({
      args: argv,
      options: {
        port: { type: 'string' },
        host: { type: 'string' },
        seed: { type: 'string' },
        scenario: { type: 'string' },
        state: { type: 'string' },
        clock: { type: 'string' },
        persist: { type: 'string' },
        'journal-limit': { type: 'string' },
        quiet: { type: 'boolean' },
        'control-token': { type: 'string' },
        'allowed-host': { type: 'string', multiple: true },
        'webhook-allow': { type: 'string', multiple: true },
        'cors-origin': { type: 'string', multiple: true },
        help: { type: 'boolean', short: 'h' },
        version: { type: 'boolean', short: 'v' },
      },
      strict: true,
    }));
  } catch (error) {
    fail((error as Error).message);
  }
  if (values.help) {
    process.stdout.write(`${USAGE}\n`);
    return;
  }
  if (values.version) {
    process.stdout.write(`${version()}\n`);
    return;
  }
  const clock = values.clock ?? 'system';
  if (clock !== 'system' && clock !== 'virtual') fail(`--clock must be 'system' or 'virtual', got '${clock}'.`);
  const journalLimit = integer('journal-limit', values['journal-limit'], 1000, 0, 1_000_000);
  const policy = { webhookAllow: values['webhook-allow'] ?? [], corsOrigins: values['cors-origin'] ?? [] };
  for (const [flag, check] of [
    ['--webhook-allow', () => webhookAllowList(policy.webhookAllow)],
    ['--cors-origin', () => corsOrigins(policy.corsOrigins)],
  ] as const) {
    try {
      check();
    } catch (error) {
      fail(`${flag}: ${(error as Error).message}`);
    }
  }
  const service = await createService(values, clock, journalLimit, policy);
  const loadedFromPersist = values.persist !== undefined && existsSync(values.persist);
  const token = values['control-token'];
  if (token !== undefined && !/^[\x21-\x7e]{16,}$/.test(token)) fail('--control-token must be at least 16 printable characters without spaces.');
  const running = await listen(service, {
    port: integer('port', values.port, 4780, 0, 65535),
    host: values.host ?? '127.0.0.1',
    ...(token !== undefined ? { controlToken: token } : {}),
    ...(values['allowed-host'] ? { allowedHosts: values['allowed-host'] } : {}),
    ...(values.persist !== undefined ? { persist: values.persist } : {}),
  }).catch((error: NodeJS.ErrnoException) =>
    fail(error.code === 'EADDRINUSE' ? `port ${values.port ?? 4780} is in use; pick another with --port.` : error.message),
  );
  if (!bindsLoopbackOnly(running.host)) {
    process.stderr.write(
      `collab-service-mock: warning: listening on ${running.host}, beyond this machine. Anyone who can reach it can call the API with the\n` +
        `  printed credentials; the control plane (/__mock/*) asks for the control token in the x-mock-control-token header.\n`,
    );
  }
  const c = service.credentials;
  const call = example(service);
  process.stdout.write(
    [
      `listening on ${running.url}`,
      `  starting state:        ${startingState(values, loadedFromPersist, service.seed)} (POST /__mock/reset returns here)`,
      `  inspector:             ${running.url}/__mock/${running.controlToken !== undefined ? `#token=${encodeURIComponent(running.controlToken)}` : ''}`,
      `  workspace id:          ${c.workspaceId}`,
      `  workspace auth token:  ${c.workspaceAuthToken}`,
      `  api key:               ${c.apiKey}`,
      `  auth token:            ${c.authToken}`,
      ...(running.controlToken !== undefined ? [`  control token:         ${running.controlToken} (send as x-mock-control-token on /__mock/*)`] : []),
      `try: curl -s -X POST ${running.url}${call.path} -H 'content-type: application/json' \\`,
      `       -H 'x-service-api-key: ${c.apiKey}' -H 'x-service-auth-token: ${c.authToken}' -d '${JSON.stringify({ data: call.data })}'`,
      '',
    ].join('\n'),
  );
  if (!values.quiet) service.journal.subscribe((entry) => process.stdout.write(`${requestLine(entry)}\n`));
  // Closing the server writes the --persist file one last time, so a stopped server loses no answered call.
  const stop = (signal: string): void => {
    process.stdout.write(`received ${signal}, stopping\n`);
    running.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.once('SIGINT', () => stop('SIGINT'));
  process.once('SIGTERM', () => stop('SIGTERM'));
}

await main(process.argv.slice(2));
