import { execFile, spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { createHandlers } from '../../src/adapters/msw.js';
import { addUsers } from '../../src/model/users/users.js';
import { createMockService } from '../../src/service.js';

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, '..', '..');

/** Median of a list of numbers. */
export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** Milliseconds of one call of `fn`, median over `runs` after `warmup` unmeasured runs. */
export async function timeIt(fn: () => unknown, runs: number, warmup = Math.ceil(runs / 5)): Promise<number> {
  for (let i = 0; i < warmup; i++) await fn();
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    await fn();
    samples.push(performance.now() - start);
  }
  return median(samples);
}

function seededUsers(service: ReturnType<typeof createMockService>, count: number, organizationId = 'org-1'): void {
  const ns = service.model.store.namespace(service.credentials.apiKey);
  const users = Array.from({ length: count }, (_, i) => ({ userId: `user-${i}`, name: `User ${i}`, email: `user${i}@example.com` }));
  addUsers(service.model, ns, { organizationId, users, keepAccessRole: true });
}

/** Runs the load generator in a child process (asynchronously, so this process keeps serving); requests/s. */
export async function load(url: string, body: string, headers: Record<string, string>, seconds: number): Promise<number> {
  const args = [join(here, 'load.mjs'), JSON.stringify({ url, body, headers, seconds, connections: 32 })];
  const { stdout } = await promisify(execFile)(process.execPath, args, { encoding: 'utf8' });
  return (JSON.parse(stdout) as { rps: number }).rps;
}

/**
 * Time per call through msw: our catch-all handler against a trivial one-handler `http.post`, in interleaved rounds
 * (each the median call of `calls`). The best round of each side gives the ratio, as for the server: other load on a
 * shared machine only ever adds time, so the best round is the one it disturbed least.
 */
export async function benchMsw(calls = 1500, rounds = 5): Promise<Record<string, number>> {
  const service = createMockService();
  seededUsers(service, 10);
  const body = JSON.stringify({ data: { organizationId: 'org-1' } });
  const headers = { 'content-type': 'application/json', ...service.credentials.headers };
  const fixed = JSON.parse((await service.dispatch({ method: 'POST', path: '/v2/users/get', headers, body })).body) as Record<string, unknown>;
  const run = async (handlers: Parameters<typeof setupServer>, url: string): Promise<number> => {
    const server = setupServer(...handlers);
    const strict = { onUnhandledRequest: 'error', onUnhandledFrame: 'error' } as const;
    server.listen(strict);
    try {
      return await timeIt(async () => {
        const res = await fetch(url, { method: 'POST', headers, body });
        await res.text();
      }, calls);
    } finally {
      server.close();
    }
  };
  const trivial: number[] = [];
  const ours: number[] = [];
  for (let i = 0; i < rounds; i++) {
    trivial.push(await run([http.post('https://trivial.test/v2/users/get', () => HttpResponse.json(fixed))], 'https://trivial.test/v2/users/get'));
    ours.push(await run(createHandlers(service), 'https://collab-service.test/v2/users/get'));
  }
  const t = Math.min(...trivial);
  const o = Math.min(...ours);
  const paired = ours.map((mine, i) => mine / (trivial[i] as number));
  return {
    'msw µs/call (ours, best round)': Math.round(o * 1000),
    'msw µs/call (trivial handler, best round)': Math.round(t * 1000),
    'msw ratio (budget <= 1.2)': o / t,
    'msw ratio of paired rounds, lowest': Math.min(...paired),
    'msw ratio of paired rounds, highest': Math.max(...paired),
  };
}

/**
 * Import time of the built package over bare `node`: the fastest of several fresh processes each, since other load
 * on a shared machine only ever adds time (the best run is the one it disturbed least). The imports take turns, so
 * each sees the same load; msw's own import (with `msw/node`, as a test suite loads it) is reported beside ours.
 */
export function benchImport(runs = 11): Record<string, number> {
  const codes = {
    bare: '',
    core: "await import('collab-service-mock')",
    msw: "await import('msw'); await import('msw/node')",
    ours: "await import('collab-service-mock/msw'); await import('msw/node')",
  };
  const best: Record<keyof typeof codes, number> = {
    bare: Number.POSITIVE_INFINITY,
    core: Number.POSITIVE_INFINITY,
    msw: Number.POSITIVE_INFINITY,
    ours: Number.POSITIVE_INFINITY,
  };
  for (let i = 0; i < runs; i++) {
    for (const [name, code] of Object.entries(codes) as [keyof typeof codes, string][]) {
      const start = performance.now();
      const r = spawnSync(process.execPath, ['--input-type=module', '-e', code], { cwd: root, encoding: 'utf8' });
      if (r.status !== 0) throw new Error(`import failed: ${r.stderr}`);
      best[name] = Math.min(best[name], performance.now() - start);
    }
  }
  return {
    'import collab-service-mock, ms over bare node (budget <= 60)': best.core - best.bare,
    'import msw + msw/node (msw alone), ms over bare node': best.msw - best.bare,
    'import collab-service-mock/msw + msw/node, ms over bare node': best.ours - best.bare,
    'import collab-service-mock/msw, ms beyond msw itself': best.ours - best.msw,
  };
}

/** `createMockService()` time and a 1,000-user page out of 100,000 users in one organization. */
export async function benchCore(): Promise<Record<string, number>> {
  const create = await timeIt(() => createMockService(), 200);
  const service = createMockService();
  seededUsers(service, 100_000);
  const headers = { 'content-type': 'application/json', ...service.credentials.headers };
  const first = JSON.parse(
    (await service.dispatch({ method: 'POST', path: '/v2/users/get', headers, body: JSON.stringify({ data: { organizationId: 'org-1', pageSize: 50_000 } }) }))
      .body,
  ) as { result: { nextPageToken: string } };
  const pageBody = JSON.stringify({ data: { organizationId: 'org-1', pageSize: 1000, pageToken: first.result.nextPageToken } });
  const page = await timeIt(() => service.dispatch({ method: 'POST', path: '/v2/users/get', headers, body: pageBody }), 30);
  return { 'createMockService() ms (budget < 5)': create, 'users/get 1,000 of 100,000 users, ms (budget < 20)': page };
}
