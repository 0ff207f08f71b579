import { afterAll, beforeAll, expect, it } from 'vitest';
import { listen, type RunningServer } from '../../../src/adapters/node-server.js';
import type { JudgmentInit } from '../../../src/harness/memory.js';
import { MAX_FUZZY_LENGTH } from '../../../src/model/memory/query.js';
import { MAX_SPELLING_CELLS } from '../../../src/model/memory/spelling.js';
import { analysisWork } from '../../../src/model/memory/text.js';
import { MAX_QUERY_LENGTH } from '../../../src/operations/memory.js';
import { createMockService, type MockService } from '../../../src/service.js';

let service: MockService;
let running: RunningServer;

beforeAll(async () => {
  service = createMockService();
  // A vocabulary of long look-alike words: the most a spelling match can be asked to compare.
  const judgments: JudgmentInit[] = Array.from({ length: 2000 }, (_, i) => ({
    content: `Poster with p${'x'.repeat(MAX_FUZZY_LENGTH - 4)}${i.toString(26).padStart(3, 'a')} in the headline`,
    reasoning: 'Off brand',
    decision: 'rejected',
    actionUser: { userId: `u${i % 7}` },
  }));
  service.memory.record(judgments);
  running = await listen(service, { port: 0 });
});

afterAll(() => running.close());

const send = (path: string, init?: RequestInit) =>
  fetch(`${running.url}${path}`, init).then(async (r) => ({ status: r.status, body: (await r.json()) as unknown }));

/** Suggest through the real server with the worst queries there are, a health check sent alongside each, counting the spelling work. */
it('answers a health check sent alongside the worst suggest queries, and the queries themselves', async () => {
  const worst = [
    'w'.repeat(100_000),
    Array.from({ length: 80 }, (_, i) => `p${'x'.repeat(MAX_FUZZY_LENGTH - 4)}z${i.toString(26).padStart(2, 'a')}`).join(' '),
    Array.from({ length: 2 }, () => 'y'.repeat(999)).join(' '),
    'e'.repeat(MAX_QUERY_LENGTH),
  ];
  for (const query of worst) {
    const suggest = send('/v2/memory/suggest', {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...service.credentials.headers },
      body: JSON.stringify({ data: { query } }),
    });
    const health = send('/__mock/health');
    const cellsBefore = analysisWork.editCells;
    const [answer, healthy] = await Promise.all([suggest, health]);
    expect(healthy).toEqual({ status: 200, body: { status: 'ok' } });
    expect(answer.status).toBe(query.length > MAX_QUERY_LENGTH ? 400 : 200);
    // The spelling work of one query is capped, however many look-alike words the judgments hold.
    expect(analysisWork.editCells - cellsBefore).toBeLessThanOrEqual(MAX_SPELLING_CELLS + (MAX_FUZZY_LENGTH + 3) * (MAX_FUZZY_LENGTH + 1));
  }
}, 60_000);
