import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { listen } from '../../src/adapters/node-server.js';
import { controlRoutes } from '../../src/control/routes.js';
import { routes } from '../../src/routes.js';
import { createMockService } from '../../src/service.js';
import { useCli } from '../support/cli.js';

const cli = useCli('collab-service-mock-cli-flags');

/** Starts the CLI on a free port; resolves with its banner once it listens (`stderr` collects its warnings). */
function start(args: string[], stderrOut: { text: string } = { text: '' }): Promise<string> {
  return cli.start(args, (stdout) => /try: [\s\S]*'\n/.test(stdout), stderrOut);
}

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
