import { listen } from '../../src/adapters/node-server.js';
import { addUsers } from '../../src/model/users/users.js';
import { createMockService } from '../../src/service.js';
import { load } from './core.js';

/**
 * What the request journal costs the standalone server: requests/s on `POST /v2/users/get` (10 users) with the
 * journal on (1,000 entries) against the same server with `journalLimit: 0`, rounds interleaved, best round of each.
 */
export async function benchJournal(seconds = 2, rounds = 5): Promise<Record<string, number>> {
  const make = (journalLimit: number) => {
    const service = createMockService({ journalLimit });
    const ns = service.model.store.namespace(service.credentials.apiKey);
    addUsers(service.model, ns, {
      organizationId: 'org-1',
      users: Array.from({ length: 10 }, (_, i) => ({ userId: `user-${i}`, name: `User ${i}` })),
      keepAccessRole: true,
    });
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
  // The best round of each, as for the server ratio.
  const a = Math.max(...onRps);
  const b = Math.max(...offRps);
  return { 'server rps, journal on': Math.round(a), 'server rps, journal off': Math.round(b), 'journal cost on throughput (budget <= 0.10)': 1 - a / b };
}
