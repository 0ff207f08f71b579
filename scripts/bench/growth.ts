/**
 * How costs grow with what the service holds: each cost measured at several sizes in one run (1k → 1M users,
 * 1k → 100k notifications, judgments, workflow runs and run events), with the fitted growth exponent (the slope of log time over log size:
 * 0 is flat, 1 is linear). A cost that reads through an index stays near 0.
 */

import type { JudgmentInit } from '../../src/harness/memory.js';
import { addActivities } from '../../src/model/activities/activities.js';
import { addGroups, addMembers } from '../../src/model/groups.js';
import { addNotification } from '../../src/model/notifications/notifications.js';
import { addUsers } from '../../src/model/users/users.js';
import { encodePageToken } from '../../src/protocol/cursors.js';
import { createMockService, markStartingState } from '../../src/service.js';
import { generateJudgments, generateQueries } from '../memory-fixtures.js';
import { agentsGrowth } from './agents.js';
import { median, timeIt } from './core.js';
import { memoryReadsGrowth } from './memory-reads.js';
import { workflowGrowth } from './workflow.js';

/** One cost at each size, its fitted exponent and the exponent it may not exceed. */
export interface GrowthRow {
  cost: string;
  sizes: number[];
  ms: number[];
  exponent: number;
  budget: number;
}

/** Least-squares slope of ln(ms) over ln(size). @example exponentOf([1e3, 1e4], [1, 10]) // 1 */
export function exponentOf(sizes: readonly number[], ms: readonly number[]): number {
  const xs = sizes.map(Math.log);
  const ys = ms.map((m) => Math.log(Math.max(m, 1e-4)));
  const mx = xs.reduce((a, b) => a + b, 0) / xs.length;
  const my = ys.reduce((a, b) => a + b, 0) / ys.length;
  let num = 0;
  let den = 0;
  xs.forEach((x, i) => {
    num += (x - mx) * ((ys[i] as number) - my);
    den += (x - mx) ** 2;
  });
  return den === 0 ? 0 : num / den;
}

type Service = ReturnType<typeof createMockService>;

const call = (service: Service, path: string, data: unknown) => () =>
  service.dispatch({ method: 'POST', path, headers: { 'content-type': 'application/json', ...service.credentials.headers }, body: JSON.stringify({ data }) });

/** Users: the last 1,000-user page, 30 userIds, and one group of 100, at each organization size. */
async function usersGrowth(sizes: readonly number[]): Promise<GrowthRow[]> {
  const service = createMockService();
  const model = service.model;
  const ns = model.store.namespace(service.credentials.apiKey);
  const rows = { page: [] as number[], ids: [] as number[], group: [] as number[] };
  let have = 0;
  for (const size of sizes) {
    const batch = [];
    for (let i = have; i < size; i++) batch.push({ userId: `user-${i}`, name: `User ${i}`, email: `user${i}@example.com` });
    addUsers(model, ns, { organizationId: 'org', users: batch, keepAccessRole: true });
    if (have === 0) {
      addGroups(model, ns, { organizationId: 'org', groups: [{ groupId: 'g', groupName: 'G' }] });
      addMembers(model, ns, { organizationId: 'org', groupId: 'g', userIds: Array.from({ length: 100 }, (_, i) => `user-${i * 7}`) });
    }
    have = size;
    const ids = Array.from({ length: 30 }, (_, i) => `user-${Math.floor(((i + 1) * size) / 31)}`);
    rows.page.push(await timeIt(call(service, '/v2/users/get', { organizationId: 'org', pageSize: 1000, pageToken: encodePageToken(size - 1000) }), 15, 3));
    rows.ids.push(await timeIt(call(service, '/v2/users/get', { organizationId: 'org', userIds: ids }), 30, 5));
    rows.group.push(await timeIt(call(service, '/v2/users/get', { organizationId: 'org', organizationUserGroupIds: ['g'] }), 30, 5));
  }
  return [
    { cost: 'users/get, the last 1,000-user page', sizes: [...sizes], ms: rows.page, exponent: 0, budget: 0.25 },
    { cost: 'users/get, 30 userIds', sizes: [...sizes], ms: rows.ids, exponent: 0, budget: 0.25 },
    { cost: 'users/get, one group of 100', sizes: [...sizes], ms: rows.group, exponent: 0, budget: 0.25 },
  ];
}

/** Notifications with a few recipients: a 10-item page by document and by recipient, one add, one delete by id, and a user-data page. */
export async function notificationsGrowth(sizes: readonly number[]): Promise<GrowthRow[]> {
  const service = createMockService();
  const model = service.model;
  const ns = model.store.namespace(service.credentials.apiKey);
  const rows = { doc: [] as number[], user: [] as number[], deep: [] as number[], add: [] as number[], remove: [] as number[], data: [] as number[] };
  let have = 0;
  let k = 0;
  // Each size's timed adds land after that size's own notifications, so `one(i)` never repeats a document pattern.
  const one = (i: number) => ({
    organizationId: 'org',
    documentId: `doc-${i % 100}`,
    actionUser: { userId: `user-${i % 50}` },
    notifyUsers: [{ userId: `user-${(i + 1) % 50}` }, { userId: `user-${(i + 7) % 50}` }],
    notifyAll: false,
    displayHeadlineMessageTemplate: 'Hi',
    displayBodyMessage: 'Body',
  });
  const ids: string[] = [];
  for (const [level, size] of sizes.entries()) {
    for (let i = have; i < size; i++) ids.push(addNotification(model, ns, one(i)).id);
    have = size;
    rows.doc.push(await timeIt(call(service, '/v2/notifications/get', { organizationId: 'org', documentId: 'doc-3', pageSize: 10 }), 30, 5));
    rows.user.push(await timeIt(call(service, '/v2/notifications/get', { organizationId: 'org', userId: 'user-8', pageSize: 10 }), 30, 5));
    const deep = Math.max(0, Math.floor(size / 100) - 10);
    rows.deep.push(
      await timeIt(
        call(service, '/v2/notifications/get', { organizationId: 'org', documentId: 'doc-3', pageSize: 10, pageToken: encodePageToken(deep) }),
        30,
        5,
      ),
    );
    rows.add.push(await timeIt(() => call(service, '/v2/notifications/add', one(size + k++))(), 30, 5));
    // Deletes spread over the whole history, each of one id still there (every size deletes its own ids).
    let d = 0;
    const stride = Math.floor(size / 40);
    const victim = () => {
      const i = d++ * stride + 3 * (level + 1);
      return { organizationId: 'org', documentId: `doc-${i % 100}`, notificationIds: [ids[i] as string] };
    };
    rows.remove.push(await timeIt(() => call(service, '/v2/notifications/delete', victim())(), 30, 5));
    rows.data.push(await timeIt(call(service, '/v2/users/data/get', { organizationId: 'org', userId: 'user-8' }), 30, 5));
  }
  return [
    { cost: 'notifications/get, 10 of one document', sizes: [...sizes], ms: rows.doc, exponent: 0, budget: 0.25 },
    { cost: 'notifications/get, 10 of one recipient', sizes: [...sizes], ms: rows.user, exponent: 0, budget: 0.25 },
    { cost: 'notifications/get, 10 of one document, last page', sizes: [...sizes], ms: rows.deep, exponent: 0, budget: 0.25 },
    { cost: 'notifications/add, two recipients', sizes: [...sizes], ms: rows.add, exponent: 0, budget: 0.25 },
    { cost: 'notifications/delete, one id', sizes: [...sizes], ms: rows.remove, exponent: 0, budget: 0.25 },
    { cost: 'users/data/get, first page', sizes: [...sizes], ms: rows.data, exponent: 0, budget: 0.25 },
  ];
}

/** Judgments: a suggest on a built index, and the first suggest after a reset that left the judgments as they were. */
export async function judgmentsGrowth(sizes: readonly number[]): Promise<GrowthRow[]> {
  const queries = generateQueries().map((q) => q.query);
  const rows = { warm: [] as number[], afterReset: [] as number[] };
  for (const size of sizes) {
    const all = generateJudgments({ scale: Math.ceil(size / 300) }).slice(0, size);
    const service = createMockService();
    service.memory.record(all as JudgmentInit[]);
    markStartingState(service);
    const suggest = (query: string) => call(service, '/v2/memory/suggest', { query })();
    // Warm: one pass over every query first, so the timed calls see a built index and a heap that has settled after
    // recording the history (its collections stretched single calls to 90 ms right after it). Then each query is
    // timed twice, warm and right after a reset, so both figures are medians over the same queries.
    for (const query of queries) await suggest(query);
    const warm: number[] = [];
    const afterReset: number[] = [];
    for (const query of queries) {
      let start = performance.now();
      await suggest(query);
      warm.push(performance.now() - start);
      service.reset();
      start = performance.now();
      await suggest(query);
      afterReset.push(performance.now() - start);
    }
    rows.warm.push(median(warm));
    rows.afterReset.push(median(afterReset));
  }
  return [
    // A suggest scores the distinct texts its words reach, then adds up the judgments that pass: in this uniform
    // history they grow with it, at a small cost each next to the fixed cost of a call.
    { cost: 'memory/suggest, warm', sizes: [...sizes], ms: rows.warm, exponent: 0, budget: 0.25 },
    { cost: 'memory/suggest, first after reset', sizes: [...sizes], ms: rows.afterReset, exponent: 0, budget: 1 },
  ];
}

/** Activities: the newest 100 of an organization's log, and a page of one feature type, at each log size. */
async function activitiesGrowth(sizes: readonly number[]): Promise<GrowthRow[]> {
  const service = createMockService();
  const ns = service.model.store.namespace(service.credentials.apiKey);
  const rows = { newest: [] as number[], feature: [] as number[] };
  let have = 0;
  for (const size of sizes) {
    const batch = [];
    for (let i = have; i < size; i++) {
      batch.push({
        id: `act-${i}`,
        featureType: i % 10 === 0 ? ('comment' as const) : ('custom' as const),
        actionType: 'x',
        targetEntityId: 't',
        timestamp: 1_000_000 + i,
      });
    }
    addActivities(service.model, ns, 'org', batch);
    have = size;
    rows.newest.push(await timeIt(call(service, '/v2/activities/get', { organizationId: 'org', pageSize: 100 }), 30));
    rows.feature.push(await timeIt(call(service, '/v2/activities/get', { organizationId: 'org', featureTypes: ['comment'], pageSize: 10 }), 30));
  }
  return [
    { cost: 'activities/get, the newest 100', sizes: [...sizes], ms: rows.newest, exponent: 0, budget: 0.25 },
    { cost: 'activities/get, 10 of one feature type', sizes: [...sizes], ms: rows.feature, exponent: 0, budget: 0.25 },
  ];
}

/** The default sizes: 1k → 1M users, 1k → 100k notifications, activities and judgments. */
export const GROWTH_SIZES = {
  users: [1_000, 10_000, 100_000, 1_000_000],
  notifications: [1_000, 10_000, 100_000],
  judgments: [1_000, 10_000, 100_000],
} as const;

/**
 * Measures every cost at every size and fits each exponent.
 * @example const rows = await benchGrowth(); rows.every((r) => r.exponent <= r.budget)
 */
export async function benchGrowth(
  sizes: { users: readonly number[]; notifications: readonly number[]; judgments: readonly number[] } = GROWTH_SIZES,
): Promise<GrowthRow[]> {
  const rows = [
    ...(await usersGrowth(sizes.users)),
    ...(await notificationsGrowth(sizes.notifications)),
    ...(await activitiesGrowth(sizes.notifications)),
    ...(await judgmentsGrowth(sizes.judgments)),
    ...(await memoryReadsGrowth()),
    ...(await agentsGrowth(sizes.notifications)),
    ...(await workflowGrowth(sizes.notifications)),
  ];
  for (const row of rows) row.exponent = exponentOf(row.sizes, row.ms);
  return rows;
}

/** The growth table as text: one line per cost, ms at each size, the exponent and its budget. */
export function growthTable(rows: readonly GrowthRow[]): string {
  const width = Math.max(...rows.map((r) => r.cost.length));
  const size = (n: number) => (n >= 1_000_000 ? `${n / 1_000_000}M` : `${n / 1_000}k`);
  return rows
    .map((r) => {
      const cells = r.sizes.map((s, i) => `${size(s)}: ${(r.ms[i] as number).toFixed(3)} ms`).join('  ');
      const verdict = r.exponent <= r.budget ? 'ok' : 'OVER';
      return `${r.cost.padEnd(width)}  ${cells}  exponent ${r.exponent.toFixed(2)} (budget <= ${r.budget}) ${verdict}`;
    })
    .join('\n');
}
