import { setupServer } from 'msw/node';
import { describe, expect, it } from 'vitest';
import { createHandlers } from '../../src/adapters/msw.js';
import { createMockService, createScenarioService } from '../../src/index.js';

// The examples of docs/seeing-and-steering.md, docs/scenarios-and-state.md and docs/areas/decision-memory.md, line
// for line (imports point at the sources); test/package/readme.test.ts checks that the pages still show these lines.

const post = (service: ReturnType<typeof createMockService>, path: string, data: unknown) =>
  service.dispatch({ method: 'POST', path, headers: { 'content-type': 'application/json', ...service.credentials.headers }, body: JSON.stringify({ data }) });

describe('docs/seeing-and-steering.md', () => {
  it('runs the request-journal example: the refused call is recorded with its hint, then cleared', async () => {
    const service = createMockService({ journalLimit: 1000 }); // the default; 0 turns it off
    const server = setupServer(...createHandlers(service));
    server.listen();
    const headers = { 'content-type': 'application/json', ...service.credentials.headers };
    try {
      await fetch('https://collab-service.test/v2/users/get', { method: 'POST', headers, body: '{"data":{},"extra":1}' });
      expect(service.journal.list({ path: '/v2/users/*', status: 400 })[0]?.hint).toBe('The body may hold only "data"; remove "extra".');
      service.journal.clear();
      expect(service.journal.list()).toEqual([]);
    } finally {
      server.close();
    }
  });

  it('runs the fault-injection example: the rules answer as added, then are removed', async () => {
    const service = createMockService();
    const id = service.faults.add({ path: '/v2/users/*', status: 'UNAVAILABLE', message: 'Maintenance.', times: 2 });
    service.faults.add({ path: '/v2/**', latencyMs: 300, probability: 0.1 });
    service.faults.add({ path: '/v2/notifications/get', apiKey: service.credentials.apiKey, rateLimit: true });
    const refused = await post(service, '/v2/users/get', { organizationId: 'org-1' });
    expect([refused.status, JSON.parse(refused.body)]).toEqual([503, { error: { status: 'UNAVAILABLE', message: 'Maintenance.' } }]);
    expect(service.faults.list()).toHaveLength(3);
    service.faults.list();
    service.faults.remove(id);
    service.faults.clear();
    expect(service.faults.list()).toEqual([]);
    expect((await post(service, '/v2/users/get', { organizationId: 'org-1' })).status).toBe(200);
  });
});

describe('docs/scenarios-and-state.md', () => {
  it('runs the scenario example: the team scenario at seed 7', async () => {
    const service = await createScenarioService({ scenario: 'team', seed: 7 });
    expect(service.seed).toBe(7);
    expect(JSON.parse((await post(service, '/v2/users/get', { organizationId: 'team-acme' })).body).result.data).toHaveLength(12);
  });

  it('runs the custom-scenario example: the scenario adds its user through dispatch', async () => {
    const service = await createScenarioService({
      seed: 5,
      scenario: async ({ build, service }) => {
        const user = build.user({ userId: 'ada' });
        await service.dispatch({
          method: 'POST',
          path: '/v2/users/add',
          headers: { 'content-type': 'application/json', ...service.credentials.headers },
          body: JSON.stringify({ data: { organizationId: 'acme', users: [user] } }),
        });
      },
    });
    const users = JSON.parse((await post(service, '/v2/users/get', { organizationId: 'acme' })).body).result.data;
    expect(users.map((u: { userId: string }) => u.userId)).toEqual(['ada']);
  });
});

describe('docs/areas/decision-memory.md', () => {
  it('runs the explain example: the swear-word judgments count, matched through their words', async () => {
    const service = createMockService();
    service.memory.record([
      {
        content: 'Live chat message full of curse words',
        reasoning: 'Cursing at customers is unprofessional',
        decision: 'rejected',
        actionUser: { userId: 'u1' },
      },
      {
        content: 'Product review that contains several swear words',
        reasoning: 'Profane language is not allowed in public reviews',
        decision: 'rejected',
        actionUser: { userId: 'u2' },
      },
    ]);
    const why = await service.memory.explain({ query: 'customer review containing swear words' });
    const rows = why.relevant.map((j) => [j.recordId, j.relevance, j.matched.map((m) => `${m.word}→${m.term} (${m.via})`)]);
    expect(rows).toHaveLength(2);
    expect(rows.flatMap((row) => row[2])).toContain('swear→swear (exact)');
  });
});
