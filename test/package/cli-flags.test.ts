import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { type AddressInfo, connect, createServer } from 'node:net';
import { promisify } from 'node:util';
import { afterEach, describe, expect, it } from 'vitest';
import { listen } from '../../src/adapters/node-server.js';
import { envName, FLAGS } from '../../src/cli/flags.js';
import { controlRoutes } from '../../src/control/routes.js';
import { routes } from '../../src/routes.js';
import { createMockService } from '../../src/service.js';
import { useCli } from '../support/cli.js';

const cli = useCli('collab-service-mock-cli-flags');
const ROOT = new URL('../../', import.meta.url).pathname;

/** Starts the CLI on a free port; resolves with its banner once it listens (`stderr` collects its warnings). */
function start(args: string[], stderrOut: { text: string } = { text: '' }, env: Record<string, string> = {}): Promise<string> {
  return cli.start(args, (stdout) => /try: [\s\S]*'\n/.test(stdout), stderrOut, env);
}

/** Runs the CLI to its exit; resolves with its exit code and what it printed. */
function exits(args: string[], env: Record<string, string> = {}): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [cli.entry, ...args], { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk));
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

const ACME = { apiKey: 'AcmeTestKey000000001', authToken: 'a1'.repeat(16), workspaceId: 'AcmeWorkspace0000001', workspaceAuthToken: 'b2'.repeat(16) };

/** Runs the banner's example call as curl would send it. */
async function runExample(banner: string): Promise<{ status: number; body: { result: { status: string; data: unknown } } }> {
  const match =
    /curl -s -X POST (\S+) -H 'content-type: application\/json' \\\n\s+-H 'x-service-api-key: (\S+)' -H 'x-service-auth-token: (\S+)' -d '(.*)'\n/.exec(banner);
  if (!match) throw new Error(`no example call in:\n${banner}`);
  const [, url = '', apiKey = '', authToken = '', body = ''] = match;
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-service-api-key': apiKey, 'x-service-auth-token': authToken },
    body,
  });
  return { status: response.status, body: (await response.json()) as never };
}

describe('collab-service-mock CLI flags and banner', () => {
  it('--help lists every flag with its default', async () => {
    const { stdout } = await promisify(execFile)(process.execPath, [cli.entry, '--help'], { encoding: 'utf8' });
    for (const [flag, fallback] of [
      ['--port', '(default 4780)'],
      ['--host', '(default 127.0.0.1)'],
      ['--seed', '(default 1)'],
      ['--scenario', '(default empty)'],
      ['--state', '(default none: the scenario is used)'],
      ['--clock', '(default system)'],
      ['--control-token', '(default: generated and printed when --host is not loopback)'],
    ] as const) {
      const line = stdout.slice(stdout.indexOf(`\n  ${flag} `));
      expect(line.slice(0, line.indexOf('\n  -', 3)), flag).toContain(fallback);
    }
    expect(stdout).toContain('-h, --help     print this help and exit');
    expect(stdout).toContain('-v, --version  print the version and exit');
    for (const [name, flag] of Object.entries(FLAGS)) {
      expect(stdout, name).toContain(`--${name}`);
      if (!('action' in flag)) expect(stdout, name).toContain(envName(name));
    }
  });

  it("the banner's example call reads users the team scenario has", async () => {
    const banner = await start(['--scenario', 'team']);
    const reply = await runExample(banner);
    expect(reply.status).toBe(200);
    expect(banner).toContain(`"organizationId":"team-acme"`);
    expect((reply.body.result.data as unknown[]).length).toBeGreaterThan(0);
  }, 30_000);

  it('warns when bound beyond loopback, prints a control token and asks control calls for it', async () => {
    const stderr = { text: '' };
    const banner = await start(['--host', '0.0.0.0'], stderr);
    expect(stderr.text).toContain('collab-service-mock: warning: listening on 0.0.0.0, beyond this machine.');
    const [, url = '', token = ''] = /listening on (\S+)[\s\S]*control token: +([0-9a-f]{48}) /.exec(banner) ?? [];
    const base = url.replace('0.0.0.0', '127.0.0.1');
    expect((await fetch(`${base}/__mock/health`)).status).toBe(401);
    expect((await fetch(`${base}/__mock/health`, { headers: { 'x-mock-control-token': token } })).status).toBe(200);
    // The inspector link carries the token in its fragment, which the browser never sends.
    expect(banner).toContain(`inspector:             ${url}/__mock/#token=${token}`);
  }, 30_000);

  it("the banner's example call on the empty state adds a user, and succeeds", async () => {
    const banner = await start([]);
    const reply = await runExample(banner);
    expect(reply.status).toBe(200);
    expect(reply.body.result.status).toBe('success');
    expect(reply.body.result.data).toEqual({ 'user-1': expect.objectContaining({ success: true, message: 'User added.' }) });
  }, 30_000);
});

describe('collab-service-mock CLI: environment, header names and credentials', () => {
  it('takes every setting from COLLAB_MOCK_* variables, and a flag on the command line wins', async () => {
    const banner = await start(['--seed', '7'], undefined, { COLLAB_MOCK_SCENARIO: 'starter', COLLAB_MOCK_SEED: '3', COLLAB_MOCK_QUIET: 'true' });
    expect(banner).toContain('starting state:        scenario starter, seed 7');
    const reply = await runExample(banner);
    expect(reply.status).toBe(200);
    expect(reply.body.result.data).toHaveLength(8);
  }, 30_000);

  it('reads the auth headers under --header-prefix and accepts exactly the given credentials, through reset', async () => {
    const banner = await start(['--header-prefix', 'x-acme-', '--api-key', ACME.apiKey, '--auth-token', ACME.authToken], undefined, {
      COLLAB_MOCK_WORKSPACE_ID: ACME.workspaceId,
      COLLAB_MOCK_WORKSPACE_AUTH_TOKEN: ACME.workspaceAuthToken,
    });
    expect(banner).toContain(`api key:               ${ACME.apiKey}  (header x-acme-api-key)`);
    expect(banner).toContain(`-H 'x-acme-api-key: ${ACME.apiKey}' -H 'x-acme-auth-token: ${ACME.authToken}'`);
    const url = /listening on (\S+)/.exec(banner)?.[1] ?? '';
    const call = (headers: Record<string, string>) =>
      fetch(`${url}/v2/users/get`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: '{"data":{"organizationId":"o"}}' });
    expect((await call({ 'x-acme-api-key': ACME.apiKey, 'x-acme-auth-token': ACME.authToken })).status).toBe(200);
    await fetch(`${url}/__mock/reset`, { method: 'POST' });
    expect(await (await fetch(`${url}/__mock/credentials`)).json()).toMatchObject({ ...ACME, headers: { 'x-acme-api-key': ACME.apiKey } });
    const refused = await call({ 'x-service-api-key': ACME.apiKey, 'x-service-auth-token': ACME.authToken });
    expect([refused.status, ((await refused.json()) as { error: { message: string } }).error.message]).toEqual([400, 'API key not found in headers.']);
  }, 30_000);

  it('refuses a credential that breaks the id rules, an unknown variable and a bad prefix, naming where they came from, without the usage', async () => {
    const bad = await exits(['--auth-token', 'not-hex']);
    expect(bad).toEqual({
      code: 2,
      stdout: '',
      stderr:
        'collab-service-mock: --auth-token must be 32 lowercase hex characters (0-9, a-f), as the service\'s auth tokens are; got "not-hex".\n' +
        'Run collab-service-mock --help for every flag and its environment variable.\n',
    });
    expect((await exits([], { COLLAB_MOCK_WORKSPACE_ID: 'ws_1' })).stderr).toMatch(/^collab-service-mock: COLLAB_MOCK_WORKSPACE_ID must be 20 characters/);
    expect((await exits([], { COLLAB_MOCK_PROT: '1' })).stderr).toMatch(
      /^collab-service-mock: COLLAB_MOCK_PROT is set but names no flag; the variables are COLLAB_MOCK_PORT, /,
    );
    expect((await exits(['--header-prefix', 'x-acme'])).stderr).toMatch(
      /^collab-service-mock: --header-prefix must be empty or header-name characters ending with "-"/,
    );
    expect((await exits([], { COLLAB_MOCK_QUIET: 'maybe' })).stderr).toMatch(
      /^collab-service-mock: COLLAB_MOCK_QUIET must be 1, true, yes, 0, false or no, got 'maybe'\.\n/,
    );
    expect((await exits(['--port', 'x'])).stderr.split('\n')).toHaveLength(3);
  }, 30_000);

  it('says what is wrong with a missing --state file, and that an existing --persist file wins over --scenario', async () => {
    const missing = await exits(['--state', `${cli.folder}nowhere.json`]);
    expect(missing.stderr).toContain(
      `--state ${cli.folder}nowhere.json: no such file; write one with service.exportState() or GET /__mock/state, or leave --state out.`,
    );
    const file = `${cli.folder}persisted.json`;
    writeFileSync(file, (await import('../../src/service.js')).createMockService().exportState());
    const stderr = { text: '' };
    await start(['--persist', file, '--scenario', 'team'], stderr);
    expect(stderr.text).toContain(
      `${file} exists, so the state is loaded from it and --scenario team is not built; delete the file to start from the scenario.`,
    );
  }, 30_000);
});

describe("the README's server quick start", () => {
  it('runs as written in bash, on a free port and with the built program in place of npm start', async () => {
    const readme = readFileSync(`${ROOT}README.md`, 'utf8');
    const block = /<!-- run by: test\/package\/cli-flags\.test\.ts -->\n```sh\n([\s\S]*?)```/.exec(readme)?.[1] ?? '';
    expect(block).toContain('npm start -- --port 4780');
    const port = String(
      await new Promise<number>((resolve) => {
        const probe = createServer().listen(0, '127.0.0.1', () => {
          const { port: free } = probe.address() as AddressInfo;
          probe.close(() => resolve(free));
        });
      }),
    );
    const script = block.replaceAll('4780', port).replace('npm start --', `${process.execPath} ${cli.entry} --quiet`);
    const { stdout } = await promisify(execFile)('bash', ['-c', `set -e\n${script}\nwait`], { encoding: 'utf8', timeout: 30_000 });
    // curl prints each body without a newline after it: each reply is the longest JSON text from a `{"result"`.
    const [created, users] = stdout
      .split('{"result"')
      .slice(1)
      .map((rest) => {
        const text = `{"result"${rest}`;
        for (let end = text.lastIndexOf('}'); end > 0; end = text.lastIndexOf('}', end - 1)) {
          try {
            return JSON.parse(text.slice(0, end + 1));
          } catch {}
        }
        throw new Error(`no JSON in ${text}`);
      });
    expect(created.result.status).toBe('success');
    expect(users).toEqual({ result: { status: 'success', message: 'User(s) retrieved successfully.', data: [], nextPageToken: '' } });
  }, 60_000);
});

describe('a server started through npm', () => {
  let npm: ChildProcess | undefined;
  afterEach(() => {
    npm?.kill('SIGKILL');
  });

  /** Whether something accepts connections on the port. */
  const open = (port: number) =>
    new Promise<boolean>((resolve) => {
      const socket = connect(port, '127.0.0.1', () => {
        socket.destroy();
        resolve(true);
      });
      socket.on('error', () => resolve(false));
    });

  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    it(`stops and frees its port when npm gets ${signal}`, async () => {
      // The project's own start script, with the bundled program in place of scripts/start.mjs (which builds dist/ first).
      const script = (JSON.parse(readFileSync(`${ROOT}package.json`, 'utf8')) as { scripts: { start: string } }).scripts.start;
      expect(script).toBe('exec node scripts/start.mjs');
      const start = `${script.replace('scripts/start.mjs', cli.entry)} --port 0 --quiet`;
      writeFileSync(`${cli.folder}package.json`, JSON.stringify({ name: 'npm-start', private: true, scripts: { start } }));
      npm = spawn('npm', ['start'], { cwd: cli.folder, stdio: ['ignore', 'pipe', 'pipe'], detached: false });
      let out = '';
      const port = await new Promise<number>((resolve, reject) => {
        npm?.stdout?.on('data', (chunk: Buffer) => {
          out += chunk;
          const found = /listening on http:\/\/127\.0\.0\.1:(\d+)/.exec(out);
          if (found && out.includes('try:')) resolve(Number(found[1]));
        });
        npm?.on('exit', (code) => reject(new Error(`npm start exited ${code}: ${out}`)));
      });
      expect(await open(port)).toBe(true);
      npm.kill(signal);
      let polls = 0;
      while ((await open(port)) && polls < 100) {
        polls++;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      expect(await open(port), `port ${port} still open after ${polls} polls`).toBe(false);
    }, 60_000);
  }
});

describe('GET / of the standalone server', () => {
  it('answers a JSON index of the API, every control route and the sync endpoint', async () => {
    const running = await listen(createMockService(), { port: 0 });
    try {
      const response = await fetch(`${running.url}/`);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
      const index = (await response.json()) as {
        name: string;
        api: { served: number };
        control: { method: string; path: string; url: string }[];
        sync: string;
      };
      expect(index.name).toBe('collab-service-mock');
      expect(index.api.served).toBe(Object.keys(routes).length);
      expect(index.control.map((c) => `${c.method} ${c.path}`)).toEqual(Object.keys(controlRoutes));
      expect(index.control[0]?.url).toBe(`${running.url}/__mock/health`);
      expect(index.sync).toBe(`ws://127.0.0.1:${running.port}/__mock/yjs/<apiKey>/<organizationId>/<documentId>/<editorId>`);
      // Every other path still goes to the API.
      expect((await fetch(`${running.url}/nowhere`)).status).toBe(404);
    } finally {
      await running.close();
    }
  });
});

describe('--cors-origin and --webhook-allow', () => {
  it('share API replies with the named page and let webhooks reach the named private range', async () => {
    const banner = await start(['--cors-origin', 'https://app.example:8443', '--webhook-allow', '10.0.0.0/8']);
    const url = /listening on (\S+)/.exec(banner)?.[1] ?? '';
    const apiKey = /api key: +(\S+)/.exec(banner)?.[1] ?? '';
    const authToken = /\n {2}auth token: +(\S+)/.exec(banner)?.[1] ?? '';
    const post = (path: string, data: unknown, origin?: string) =>
      fetch(`${url}${path}`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-service-api-key': apiKey,
          'x-service-auth-token': authToken,
          ...(origin ? { origin } : {}),
        },
        body: JSON.stringify({ data }),
      });
    expect((await post('/v2/users/get', { organizationId: 'org' }, 'https://app.example:8443')).headers.get('access-control-allow-origin')).toBe(
      'https://app.example:8443',
    );
    expect((await post('/v2/users/get', { organizationId: 'org' }, 'https://other.example')).headers.get('access-control-allow-origin')).toBeNull();
    expect((await post('/v2/workspace/advancedwebhookconfig/update', { isEnabled: true })).status).toBe(200);
    expect((await post('/v2/workspace/advancedwebhook/endpoints/create', { url: 'http://10.1.2.3/hooks' })).status).toBe(200);
    expect((await post('/v2/workspace/advancedwebhook/endpoints/create', { url: 'http://192.168.1.2/hooks' })).status).toBe(400);
  }, 30_000);

  it('refuse what is not an origin or a range, naming the flag', async () => {
    await expect(start(['--cors-origin', 'https://app.example/path'])).rejects.toThrow(
      'exit 2: collab-service-mock: --cors-origin: CORS origins are written scheme://host[:port], such as https://app.example:8443 (no path, no wildcard); got "https://app.example/path".',
    );
    await expect(start(['--webhook-allow', '10.0.0.0/33'])).rejects.toThrow(
      'exit 2: collab-service-mock: --webhook-allow: Webhook destinations are allowed as CIDR ranges (10.0.0.0/8), addresses (192.168.1.5) or host names (receiver.lan); got "10.0.0.0/33".',
    );
  }, 30_000);
});
