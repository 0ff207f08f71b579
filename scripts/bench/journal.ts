import { execFile } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { listen } from '../../src/adapters/node-server.js';
import { addUsers } from '../../src/model/users/users.js';
import { createMockService } from '../../src/service.js';

const here = dirname(fileURLToPath(import.meta.url));

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

async function load(url: string, body: string, headers: Record<string, string>, seconds: number): Promise<number> {
  const args = [join(here, 'load.mjs'), JSON.stringify({ url, body, headers, seconds, connections: 32 })];
  const { stdout } = await promisify(execFile)(process.execPath, args, { encoding: 'utf8' });
  return (JSON.parse(stdout) as { rps: number }).rps;
}

/**
 * What the request journal costs the standalone server: requests/s on `POST /v2/users/get` (10 users) with the
 * journal on (1,000 entries) against the same server with `journalLimit: 0`, rounds interleaved.
 */
export async function benchJournal(seconds = 3, rounds = 3): Promise<Record<string, number>> {
  const make = (journalLimit: number) => {
    const service = createMockService({ journalLimit });
    const ns = service.model.store.namespace(service.credentials.apiKey);
    addUsers(service.model, ns, { organizationId: 'org-1', users: Array.from({ length: 10 }, (_, i) => ({ userId: `user-${i}`, name: `User ${i}` })), keepAccessRole: true });
    return service;
  };
  const on = make(1000);
  const off = make(0);
  const body = JSON.stringify({ data: { organizationId: 'org-1' } });
  const headers = { 'content-type': 'application/json', ...on.credentials.headers };
  const servers = [await listen(on, { port: 0 }), await listen(off, { port: 0 })];
  const onRps: number[] = [];
  const offRps: number[] = [];
  try {
    for (let i = 0; i < rounds; i++) {
      offRps.push(await load(`${servers[1]!.url}/v2/users/get`, body, headers, seconds));
      onRps.push(await load(`${servers[0]!.url}/v2/users/get`, body, headers, seconds));
    }
  } finally {
    await Promise.all(servers.map((s) => s.close()));
  }
  const a = median(onRps);
  const b = median(offRps);
  return { 'server rps, journal on': Math.round(a), 'server rps, journal off': Math.round(b), 'journal cost on throughput (budget <= 0.10)': 1 - a / b };
}
