import { parseArgs } from 'node:util';

/** One command-line flag: how it parses, the placeholder of its value, and its help (lines after the first indented). */
export interface Flag {
  type: 'string' | 'boolean';
  multiple?: boolean;
  short?: string;
  /** The placeholder in the synopsis (`PORT`); a boolean flag has none. */
  value?: string;
  help: readonly string[];
  /** An action rather than a setting (`--help`, `--version`): not read from the environment. */
  action?: boolean;
}

/**
 * THE flags of the command line, in the order `--help` lists them. Usage, the environment variables
 * (`COLLAB_MOCK_<FLAG>`) and parsing all derive from this table, so a flag added here is complete.
 */
export const FLAGS = {
  port: { type: 'string', value: '4780', help: ['port to listen on; 0 picks a free one (default 4780)'] },
  host: {
    type: 'string',
    value: '127.0.0.1',
    help: [
      'interface to bind (default 127.0.0.1); any other than loopback makes the control plane',
      '(/__mock/*) ask for a control token in the x-mock-control-token header',
    ],
  },
  'control-token': { type: 'string', value: 'TOKEN', help: ['the control token (default: generated and printed when --host is not loopback)'] },
  'allowed-host': {
    type: 'string',
    multiple: true,
    value: 'NAME',
    help: [
      'a further name clients use for this server (a container or LAN name); the control',
      'plane and the sync endpoint refuse names other than loopback, --host and these; repeatable',
    ],
  },
  'webhook-allow': {
    type: 'string',
    multiple: true,
    value: 'CIDR|HOST',
    help: ['a private network range or host webhooks may be delivered to (10.0.0.0/8, receiver.lan);', 'loopback and public hosts need none; repeatable'],
  },
  'cors-origin': {
    type: 'string',
    multiple: true,
    value: 'ORIGIN',
    help: ['a web page origin (https://app.example:8443) that may read API replies besides pages on', 'localhost, 127.0.0.1 and [::1] (any port); repeatable'],
  },
  seed: { type: 'string', value: '1', help: ["seed of every generated id and token, and of the scenario's data (default 1)"] },
  scenario: {
    type: 'string',
    value: 'empty|starter|team|large',
    help: ['start from a named scenario; POST /__mock/reset returns to it (default empty)'],
  },
  state: {
    type: 'string',
    value: 'file.json',
    help: ['start from a state written by service.exportState(); its seed is taken from the file', '(default none: the scenario is used)'],
  },
  persist: {
    type: 'string',
    value: 'file.json',
    help: [
      'load the state from this file when it exists (then --scenario is not built), and write it',
      'back (atomically) after calls, at most 1 s behind, and on SIGINT/SIGTERM; a file of another',
      '--seed is refused',
    ],
  },
  'header-prefix': {
    type: 'string',
    value: 'x-service-',
    help: [
      'prefix of the four auth headers: x-acme- reads x-acme-api-key, x-acme-auth-token,',
      'x-acme-workspace-id and x-acme-workspace-auth-token (default x-service-)',
    ],
  },
  'api-key': {
    type: 'string',
    value: 'KEY',
    help: ['the API key to accept, 20 characters of A-Z, a-z, 0-9 (default: drawn from --seed)'],
  },
  'auth-token': { type: 'string', value: 'HEX', help: ["the API key's auth token, 32 lowercase hex characters (default: drawn from --seed)"] },
  'workspace-id': { type: 'string', value: 'ID', help: ['the workspace id, 20 characters of A-Z, a-z, 0-9 (default: drawn from --seed)'] },
  'workspace-auth-token': {
    type: 'string',
    value: 'HEX',
    help: ["the workspace's auth token, 32 lowercase hex characters (default: drawn from --seed)"],
  },
  'journal-limit': { type: 'string', value: '1000', help: ['calls kept for GET /__mock/requests; 0 keeps none (default 1000)'] },
  quiet: { type: 'boolean', help: ['print no line per request'] },
  clock: {
    type: 'string',
    value: 'system|virtual',
    help: ["'system' follows the host clock; 'virtual' starts at 2026-01-01 and moves only", 'through POST /__mock/clock/advance (default system)'],
  },
  help: { type: 'boolean', short: 'h', action: true, help: ['print this help and exit'] },
  version: { type: 'boolean', short: 'v', action: true, help: ['print the version and exit'] },
} as const satisfies Record<string, Flag>;

/** A flag's name. */
export type FlagName = keyof typeof FLAGS;

/** The parsed flags, typed from the table. */
export type FlagValues = ReturnType<typeof parseFlags>['values'];

/** The prefix of every environment variable the command line reads. */
export const ENV_PREFIX = 'COLLAB_MOCK_';

/**
 * The environment variable of a flag: `COLLAB_MOCK_` and its name in upper snake case.
 * @example envName('header-prefix') // 'COLLAB_MOCK_HEADER_PREFIX'
 */
export function envName(flag: string): string {
  return `${ENV_PREFIX}${flag.toUpperCase().replace(/-/g, '_')}`;
}

const table: Readonly<Record<string, Flag>> = FLAGS;
const settings = Object.keys(FLAGS).filter((name) => !table[name]?.action);

/** The usage text, from the table: a synopsis, each flag with its help, and the environment variables. */
export function usage(): string {
  const synopsis: string[] = [];
  let line = 'Usage: collab-service-mock';
  for (const [name, flag] of Object.entries(table)) {
    if (flag.action) continue;
    const item = `[--${name}${flag.value ? ` ${flag.value}` : ''}${flag.multiple ? ' ...' : ''}]`;
    if (line.length + item.length + 1 > 110) {
      synopsis.push(line);
      line = ' '.repeat(26);
    }
    line += ` ${item}`;
  }
  synopsis.push(line);
  const rows = Object.entries(table).map(([name, flag]) => {
    const head = flag.short ? `  -${flag.short}, --${name}` : `  --${name}`;
    const padded = flag.short ? `${head.padEnd(16)} ` : head.length < 14 ? head.padEnd(14) : `${head}  `;
    return [padded + flag.help[0], ...flag.help.slice(1).map((text) => `${' '.repeat(14)}${text}`)].join('\n');
  });
  const variables = wrap(settings.map(envName).join(', '), 104, '  ');
  return [
    ...synopsis,
    '',
    'Starts the Collaboration Service emulator on an in-memory state; GET / lists the control routes.',
    ...rows,
    '',
    `Every flag but --help and --version can come from an environment variable, ${ENV_PREFIX}<FLAG> in upper snake`,
    'case; a flag on the command line wins, and a repeatable flag takes a comma-separated list:',
    variables,
  ].join('\n');
}

function wrap(text: string, width: number, indent: string): string {
  const out: string[] = [];
  let line = indent;
  for (const word of text.split(' ')) {
    if (line.length + word.length > width && line.trim() !== '') {
      out.push(line.trimEnd());
      line = indent;
    }
    line += `${word} `;
  }
  out.push(line.trimEnd());
  return out.join('\n');
}

/** A refusal of the command line: the message, without usage. */
export class FlagError extends Error {}

/**
 * Parses the command line over the environment: each flag the arguments leave out is read from its
 * `COLLAB_MOCK_<FLAG>` variable. `source(name)` says where a value came from, for messages.
 * @example const { values, source } = parseFlags(['--port', '0'], process.env);
 */
export function parseFlags(args: string[], env: Record<string, string | undefined>) {
  let parsed: ReturnType<typeof parseArgs<{ args: string[]; options: typeof FLAGS; strict: true }>>;
  try {
    parsed = parseArgs({ args, options: FLAGS, strict: true });
  } catch (error) {
    throw new FlagError((error as Error).message);
  }
  const values = parsed.values as Record<string, string | boolean | string[] | undefined>;
  const fromEnv = new Set<string>();
  for (const key of Object.keys(env)) {
    if (key.startsWith(ENV_PREFIX) && !settings.some((name) => envName(name) === key)) {
      throw new FlagError(`${key} is set but names no flag; the variables are ${settings.map(envName).join(', ')}.`);
    }
  }
  for (const name of settings) {
    const raw = env[envName(name)];
    if (values[name] !== undefined || raw === undefined || raw === '') continue;
    const flag = table[name] as Flag;
    fromEnv.add(name);
    if (flag.type === 'boolean') {
      const lower = raw.trim().toLowerCase();
      if (!['1', 'true', 'yes', '0', 'false', 'no'].includes(lower)) {
        throw new FlagError(`${envName(name)} must be 1, true, yes, 0, false or no, got '${raw}'.`);
      }
      values[name] = ['1', 'true', 'yes'].includes(lower);
    } else if (flag.multiple) {
      values[name] = raw
        .split(',')
        .map((item) => item.trim())
        .filter((item) => item !== '');
    } else values[name] = raw;
  }
  return {
    values: parsed.values,
    /** How a message names a flag: `--port`, or `COLLAB_MOCK_PORT` when the value came from the environment. */
    source: (name: FlagName): string => (fromEnv.has(name) ? envName(name) : `--${name}`),
  };
}
