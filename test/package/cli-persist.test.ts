import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { listen } from '../../src/adapters/node-server.js';
import { persistState } from '../../src/adapters/persist.js';
import { createMockService, type MockService } from '../../src/service.js';
import { useCli } from '../support/cli.js';

const cli = useCli('collab-service-mock-cli-persist');
const dir = `${cli.folder}files/`;

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The user ids of `org` in a state file (which must parse: a file is never left half-written). */
function usersIn(file: string): Set<string> {
  const service = createMockService({ state: readFileSync(file, 'utf8') });
  const org = service.model.store.namespace(service.credentials.apiKey).organizations.get('org');
  return new Set(org ? org.users.keys() : []);
}

/** A server of the CLI with `--persist file`, and a writer adding one user per call. */
async function persistedServer(file: string) {
  rmSync(file, { force: true });
  const stdout = await cli.start(['--persist', file, '--quiet'], (out) => out.includes('try:'));
  const url = /listening on (\S+)/.exec(stdout)?.[1] as string;
  const pid = cli.last().pid as number;
  const credentials = (await (await fetch(`${url}/__mock/credentials`)).json()) as { headers: Record<string, string> };
  const add = async (userId: string): Promise<void> => {
    const reply = await fetch(`${url}/v2/users/add`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...credentials.headers },
      body: JSON.stringify({ data: { organizationId: 'org', users: [{ userId }] } }),
    });
    expect(reply.status).toBe(200);
  };
  return { url, pid, add };
}

describe('--persist under steady writes', () => {
  it('kill -9 never loses a write acknowledged more than 1.5 s before, and the file always parses', async () => {
    rmSync(dir, { recursive: true, force: true });
    mkdirSync(dir, { recursive: true });
    let killed = 0;
    for (const runMs of [2600, 3400, 4100]) {
      const file = `${dir}kill.json`;
      const server = await persistedServer(file);
      const acknowledged: { userId: string; at: number }[] = [];
      const started = performance.now();
      // A write every 10 ms or so: the quiet time the debounce waits for never comes.
      for (let n = 0; performance.now() - started < runMs; n++) {
        await server.add(`w${n}`);
        acknowledged.push({ userId: `w${n}`, at: performance.now() });
        await pause(10);
      }
      const killedAt = performance.now();
      process.kill(server.pid, 'SIGKILL');
      killed = server.pid;
      await pause(100);
      const kept = usersIn(file);
      const old = acknowledged.filter((write) => write.at <= killedAt - 1500);
      expect(old.length).toBeGreaterThan(20);
      expect(old.filter((write) => !kept.has(write.userId))).toEqual([]);
    }
    // A kill mid-write leaves the old file whole and, at most, a temporary file that the next start removes.
    writeFileSync(`${dir}kill.json.${killed}.tmp`, '{"half":');
    const next = await persistedServer(`${dir}kill.json`);
    // The new server's own first write may be under way; no other temporary file is left.
    expect(readdirSync(dir).filter((f) => f.endsWith('.tmp') && f !== `kill.json.${next.pid}.tmp`)).toEqual([]);
  }, 60_000);

  it('SIGTERM writes every acknowledged write before the process ends', async () => {
    mkdirSync(dir, { recursive: true });
    const file = `${dir}term.json`;
    const server = await persistedServer(file);
    const written: string[] = [];
    for (let n = 0; n < 200; n++) {
      await server.add(`t${n}`);
      written.push(`t${n}`);
    }
    process.kill(server.pid, 'SIGTERM');
    for (let i = 0; i < 100; i++) {
      try {
        process.kill(server.pid, 0);
        await pause(50);
      } catch {
        break;
      }
    }
    expect([...usersIn(file)]).toEqual(written);
  }, 30_000);
});

describe('persistState and listen({ persist }) in process', () => {
  const addUser = (service: MockService, userId: string) =>
    service.dispatch({
      method: 'POST',
      path: '/v2/users/add',
      headers: { 'content-type': 'application/json', ...service.credentials.headers },
      body: JSON.stringify({ data: { organizationId: 'org', users: [{ userId }] } }),
    });

  it('writes within the maximum wait while calls never pause for the debounce', async () => {
    mkdirSync(dir, { recursive: true });
    const file = `${dir}steady.json`;
    rmSync(file, { force: true });
    const service = createMockService();
    const persisted = persistState(service, file, { debounceMs: 10_000, maxWaitMs: 50 });
    await persisted.flush();
    // Calls keep coming every 5 ms, far inside the 10 s debounce: only the maximum wait can write.
    let n = 0;
    while (usersIn(file).size === 0 && n < 2000) {
      await addUser(service, `s${n++}`);
      await pause(5);
    }
    expect(usersIn(file).size).toBeGreaterThan(0);
    expect(n).toBeLessThan(2000);
    await persisted.stop();
    expect(usersIn(file).size).toBe(n);
  });

  it('close() of a server with persist writes the last calls', async () => {
    mkdirSync(dir, { recursive: true });
    const file = `${dir}listen.json`;
    rmSync(file, { force: true });
    const service = createMockService();
    const running = await listen(service, { port: 0, persist: file });
    const reply = await fetch(`${running.url}/v2/users/add`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...service.credentials.headers },
      body: JSON.stringify({ data: { organizationId: 'org', users: [{ userId: 'last' }] } }),
    });
    expect(reply.status).toBe(200);
    await running.close();
    expect([...usersIn(file)]).toEqual(['last']);
    expect(readFileSync(file, 'utf8')).toBe(service.exportState());
  });
});
