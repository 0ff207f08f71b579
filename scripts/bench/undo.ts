import { ensureOrganization } from '../../src/model/organizations/organizations.js';
import { cloneState } from '../../src/model/state/store.js';
import { addUsers } from '../../src/model/users/users.js';
import { createScenarioService } from '../../src/scenarios/index.js';
import { createMockService, type MockService, markStartingState } from '../../src/service.js';
import { median } from './core.js';

/** 100 writes the way a test makes them: users added and updated, ids drawn. */
async function hundredWrites(service: MockService, round: number): Promise<void> {
  for (let i = 0; i < 100; i++) {
    const reply = await service.dispatch({
      method: 'POST',
      path: '/v2/users/add',
      headers: { 'content-type': 'application/json', ...service.credentials.headers },
      body: JSON.stringify({ data: { organizationId: 'bench-org', users: [{ userId: `w${round}-${i}`, name: 'Writer' }] } }),
    });
    if (reply.status !== 200) throw new Error(`a bench write failed: ${reply.body}`);
  }
}

/** Median milliseconds of `reset()`, `snapshot()` and `restore()` after 100 writes, over `rounds` rounds. */
async function undoCosts(
  service: MockService,
  rounds: number,
  measureCopy = true,
): Promise<{ reset: number; snapshot: number; restore: number; copy: number }> {
  const resets: number[] = [];
  const snapshots: number[] = [];
  const restores: number[] = [];
  for (let round = 0; round < rounds; round++) {
    let start = performance.now();
    const saved = service.snapshot();
    snapshots.push(performance.now() - start);
    await hundredWrites(service, round);
    start = performance.now();
    service.restore(saved);
    restores.push(performance.now() - start);
    await hundredWrites(service, round);
    start = performance.now();
    service.reset();
    resets.push(performance.now() - start);
  }
  // What a snapshot cost before the undo log: a deep copy of every table.
  const start = performance.now();
  if (measureCopy) cloneState(service.model.store.tables);
  const copy = measureCopy ? performance.now() - start : Number.NaN;
  return { reset: median(resets), snapshot: median(snapshots), restore: median(restores), copy };
}

/** A service whose starting state holds one organization of `count` users (written directly, then marked). */
function serviceWithUsers(count: number): MockService {
  const service = createMockService({ seed: 1 });
  const ns = service.model.store.namespace(service.credentials.apiKey);
  const org = ensureOrganization(service.model, ns, 'big-org');
  for (let i = 0; i < count; i += 10_000) {
    const users = Array.from({ length: Math.min(10_000, count - i) }, (_, j) => ({ userId: `u${i + j}`, name: `User ${i + j}` }));
    addUsers(service.model, ns, { organizationId: org.organizationId, users, keepAccessRole: true });
    // Building the fixture is not history: start it anew every batch so the log stays small.
    markStartingState(service);
  }
  return service;
}

/**
 * Undo-log figures (issue budgets: at most 1 ms each on `large` after 100 writes and at 1,000,000 users): the
 * median reset/snapshot/restore cost, the deep copy they used to make, and how the reset grows from 10,000 to
 * 1,000,000 users (an exponent near 0 means it does not grow with the state).
 */
export async function benchUndo(): Promise<Record<string, number>> {
  const large = await undoCosts(await createScenarioService({ scenario: 'large', seed: 1 }), 15);
  const small = await undoCosts(serviceWithUsers(10_000), 15);
  const million = await undoCosts(serviceWithUsers(1_000_000), 7, false);
  const exponent = Math.log(Math.max(million.reset, 1e-6) / Math.max(small.reset, 1e-6)) / Math.log(100);
  return {
    'undo: large reset() after 100 writes ms (budget 1)': large.reset,
    'undo: large restore() after 100 writes ms (budget 1)': large.restore,
    'undo: large snapshot() ms (budget 1)': large.snapshot,
    'undo: large deep copy ms (the old snapshot)': large.copy,
    'undo: 1M users reset() after 100 writes ms (budget 1)': million.reset,
    'undo: 1M users restore() after 100 writes ms (budget 1)': million.restore,
    'undo: 1M users snapshot() ms (budget 1)': million.snapshot,
    'undo: reset growth exponent 10k -> 1M users (0 = flat)': exponent,
  };
}
