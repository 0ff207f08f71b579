import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { persistState, readPersisted } from '../../src/adapters/persist.js';
import { createMockService } from '../../src/service.js';
import { bundle } from '../support/bundle.js';

const root = fileURLToPath(new URL('../../', import.meta.url));
const out = `${root}node_modules/.cache/collab-service-mock-cli-tooling/`;
const children: ChildProcess[] = [];

beforeAll(async () => {
  rmSync(out, { recursive: true, force: true });
  mkdirSync(out, { recursive: true });
  writeFileSync(`${out}cli.mjs`, await bundle(`${root}src/cli.ts`, { platform: 'node', external: [/^[^./]/] }));
}, 60_000);

afterEach(() => {
  for (const child of children.splice(0)) child.kill('SIGTERM');
});

interface Started {
  url: string;
  child: ChildProcess;
  output(): string;
  exited: Promise<number | null>;
}

/** Starts the CLI and resolves once it listens; `output()` is everything it printed so far. */
function start(args: string[]): Promise<Started> {
  const child = spawn(process.execPath, [`${out}cli.mjs`, '--port', '0', ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  children.push(child);
  let stdout = '';
  let stderr = '';
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return new Promise((resolve, reject) => {
    child.stdout?.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      const url = /listening on (\S+)/.exec(stdout)?.[1];
      if (url && stdout.includes('try:')) resolve({ url, child, output: () => stdout, exited });
    });
    child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('exit', (code) => reject(new Error(`exit ${code}: ${stderr}`)));
  });
}

const until = async (check: () => boolean, what: string): Promise<void> => {
  for (let i = 0; i < 100 && !check(); i++) await new Promise((r) => setTimeout(r, 50));
  if (!check()) throw new Error(`timed out waiting for ${what}`);
};

async function post(url: string, path: string, headers: Record<string, string>, data: unknown): Promise<Response> {
  return fetch(`${url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify({ data }) });
}

describe('CLI request lines', () => {
  it('prints one line per request, with the error status, message and hint of a refusal', async () => {
    const server = await start(['--clock', 'virtual']);
    expect(server.output()).toContain(`inspector:             ${server.url}/__mock/`);
    await fetch(`${server.url}/v2/users/get`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"data":{},"extra":true}' });
    await fetch(`${server.url}/v2/users/gett`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"data":{}}' });
    await until(() => server.output().includes('/v2/users/gett'), 'the second line');
    const lines = server
      .output()
      .split('\n')
      .filter((l) => l.startsWith('00:00:00.000'));
    expect(lines[0]).toMatch(
      /^00:00:00\.000 POST \/v2\/users\/get 400 \d+\.\dms INVALID_ARGUMENT "Bad Request" \(The body may hold only "data"; remove "extra"\.\)$/,
    );
    expect(lines[1]).toMatch(
      /^00:00:00\.000 POST \/v2\/users\/gett 404 \d+\.\dms NOT_FOUND "Unknown path \/v2\/users\/gett\. Did you mean \/v2\/users\/get\?" \(No operation at/,
    );
  }, 30_000);

  it('--quiet prints none, and --journal-limit 0 keeps none', async () => {
    const server = await start(['--quiet', '--journal-limit', '0']);
    await fetch(`${server.url}/__mock/health`);
    const journal = (await (await fetch(`${server.url}/__mock/requests`)).json()) as { limit: number; requests: unknown[] };
    expect(journal).toEqual({ limit: 0, requests: [] });
    expect(server.output()).not.toContain('/__mock/health');
  }, 30_000);
});

describe('CLI --persist', () => {
  it('writes the state after writes, survives a restart and refuses a file of another seed', async () => {
    const file = `${out}persist.json`;
    rmSync(file, { force: true });
    const first = await start(['--persist', file, '--seed', '7', '--quiet']);
    expect(first.output()).toContain(`starting state:        scenario empty, seed 7, saved to ${file} after writes`);
    await until(() => existsSync(file), 'the first write');
    const { apiKey } = JSON.parse(readFileSync(file, 'utf8')).identity as { apiKey: string };
    const credentials = (await (await fetch(`${first.url}/__mock/credentials`)).json()) as { headers: Record<string, string> };
    expect(credentials.headers['x-service-api-key']).toBe(apiKey);
    const added = await post(first.url, '/v2/users/add', credentials.headers, { organizationId: 'org1', users: [{ userId: 'ada' }] });
    expect(added.status).toBe(200);
    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);
    expect(readdirSync(out).filter((f) => f.endsWith('.tmp'))).toEqual([]);

    const second = await start(['--persist', file, '--quiet']);
    expect(second.output()).toContain(`starting state:        ${file} (seed 7), saved to ${file} after writes`);
    const users = (await (await post(second.url, '/v2/users/get', credentials.headers, { organizationId: 'org1' })).json()) as {
      result: { data: { userId: string }[] };
    };
    expect(users.result.data.map((u) => u.userId)).toEqual(['ada']);
    second.child.kill('SIGTERM');
    await second.exited;

    await expect(start(['--persist', file, '--seed', '5'])).rejects.toThrow(
      `exit 2: collab-service-mock: cannot load --persist ${file}: ${file} holds the state of seed 7, not 5; leave --seed out to keep it, or delete the file to start over with seed 5.`,
    );
  }, 60_000);
});

describe('persistState (in process)', () => {
  it('writes atomically after a debounce, skips unchanged states and reports a failed write', async () => {
    const dir = `${out}in-process/`;
    mkdirSync(dir, { recursive: true });
    const file = `${dir}state.json`;
    rmSync(file, { force: true });
    const service = createMockService({ seed: 3 });
    const persisted = persistState(service, file, { debounceMs: 10 });
    await persisted.flush();
    expect(readFileSync(file, 'utf8')).toBe(service.exportState());
    await service.dispatch({
      method: 'POST',
      path: '/v2/users/add',
      headers: { 'content-type': 'application/json', ...service.credentials.headers },
      body: '{"data":{"organizationId":"o","users":[{"userId":"u"}]}}',
    });
    await persisted.stop();
    expect(readFileSync(file, 'utf8')).toBe(service.exportState());
    expect(readdirSync(dir)).toEqual(['state.json']);
    expect(readPersisted(file, 3)).toBe(service.exportState());
    expect(() => readPersisted(file, 4)).toThrow(`${file} holds the state of seed 3, not 4;`);

    const errors: string[] = [];
    const broken = persistState(createMockService(), `${dir}missing/state.json`, { onError: (e) => errors.push(e.message) });
    await broken.stop();
    expect(errors[0]).toMatch(/ENOENT/);
    expect(readdirSync(dir)).toEqual(['state.json']);
  });

  it('refuses a file of a newer format with the state reader message', () => {
    const dir = `${out}in-process/`;
    const file = `${dir}newer.json`;
    const state = JSON.parse(createMockService().exportState()) as { version: number };
    writeFileSync(file, JSON.stringify({ ...state, version: state.version + 1 }));
    expect(() => createMockService({ state: readPersisted(file, undefined) ?? '' })).toThrow(/newer|version/i);
  });
});
