/**
 * Notification figures on the `large` scenario (10,000 organization users): `notifications/add` with the default
 * `notifyAll`, the heap each such notification keeps over a long load (50,000 after the request journal is full), and a 10-item
 * `notifications/get` against the `JSON.stringify` of the same reply.
 */
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { DEFAULT_JOURNAL_LIMIT } from '../../src/harness/journal.js';
import { createScenarioService } from '../../src/scenarios/index.js';
import { LARGE_ORGANIZATION } from '../../src/scenarios/large.js';
import { timeIt } from './core.js';

setFlagsFromString('--expose-gc');
/** A full collection, so heap figures count what is kept, not garbage. */
export const collect = runInNewContext('gc') as () => void;

/** Heap bytes in use after a full collection. */
export function heapUsed(): number {
  collect();
  collect();
  return process.memoryUsage().heapUsed;
}

/**
 * Runs the notification figures on `large`.
 * @example (await benchNotifications())['notifications: add on large, ms (budget <= 1)']
 */
export async function benchNotifications(count = 50_000): Promise<Record<string, number>> {
  const service = await createScenarioService({ scenario: 'large', seed: 1 });
  const headers = { 'content-type': 'application/json', ...service.credentials.headers };
  let k = 0;
  const addBody = () =>
    JSON.stringify({
      data: {
        organizationId: LARGE_ORGANIZATION,
        documentId: `doc-${String(1 + (k % 1000)).padStart(4, '0')}`,
        actionUser: { userId: `user-${String(1 + (k++ % 10_000)).padStart(5, '0')}`, name: 'Ann' },
        notifyUsers: [{ userId: 'user-00002' }],
        displayHeadlineMessageTemplate: '{actionUser} mentioned you',
        displayBodyMessage: 'A body.',
      },
    });
  const add = () => service.dispatch({ method: 'POST', path: '/v2/notifications/add', headers, body: addBody() });
  // The first notifyAll notification starts the organization's roster log (once per organization); the next
  // calls fill the request journal, which keeps the last DEFAULT_JOURNAL_LIMIT calls whatever the load.
  for (let i = 0; i <= DEFAULT_JOURNAL_LIMIT; i++) await add();
  const before = heapUsed();
  for (let i = 0; i < count; i++) await add();
  const perNotification = (heapUsed() - before) / count;
  const rssMb = process.memoryUsage().rss / (1024 * 1024);
  const addMs = await timeIt(add, 200, 20);
  const getBody = JSON.stringify({ data: { organizationId: LARGE_ORGANIZATION, userId: 'user-00002', pageSize: 10 } });
  const get = () => service.dispatch({ method: 'POST', path: '/v2/notifications/get', headers, body: getBody });
  const coldStart = performance.now();
  const reply = JSON.parse((await get()).body) as unknown;
  // The first read renders each roster once; later reads of the same page share those maps.
  const coldMs = performance.now() - coldStart;
  const getMs = await timeIt(get, 15, 3);
  const stringifyMs = await timeIt(() => JSON.stringify(reply), 15, 3);
  return {
    'notifications: add on large (notifyAll), ms (budget <= 1)': addMs,
    [`notifications: heap per notification over a load of ${count.toLocaleString('en-US')} on large, bytes (budget <= 2048)`]: perNotification,
    [`notifications: process RSS after ${(count + DEFAULT_JOURNAL_LIMIT).toLocaleString('en-US')} notifications on large, MB`]: rssMb,
    'notifications: 10-item get on large, ms': getMs,
    'notifications: JSON.stringify of that reply, ms': stringifyMs,
    'notifications: 10-item get / stringify (budget <= 2)': getMs / stringifyMs,
    'notifications: first 10-item get (renders the rosters) / stringify': coldMs / stringifyMs,
  };
}

/**
 * Read pages on `large` plus 1,000 notifications of a few recipients each: a 10-item `notifications/get` of one
 * recipient and the first `users/data/get` page of that user; each costs what the page holds, not the organization.
 * @example (await benchLargePages())['notifications: get page of one recipient on large + 1,000 notifications, ms (budget <= 50)']
 */
export async function benchLargePages(count = 1_000): Promise<Record<string, number>> {
  const service = await createScenarioService({ scenario: 'large', seed: 1 });
  const headers = { 'content-type': 'application/json', ...service.credentials.headers };
  const user = (i: number) => `user-${String(1 + (i % 50)).padStart(5, '0')}`;
  for (let i = 0; i < count; i++) {
    const data = {
      organizationId: LARGE_ORGANIZATION,
      documentId: `doc-${String(1 + (i % 1000)).padStart(4, '0')}`,
      actionUser: { userId: user(i), name: 'Ann' },
      notifyUsers: [{ userId: user(i + 1) }, { userId: user(i + 7) }],
      notifyAll: false,
      displayHeadlineMessageTemplate: '{actionUser} mentioned you',
      displayBodyMessage: 'A body.',
    };
    await service.dispatch({ method: 'POST', path: '/v2/notifications/add', headers, body: JSON.stringify({ data }) });
  }
  const post = (path: string, data: unknown) => () => service.dispatch({ method: 'POST', path, headers, body: JSON.stringify({ data }) });
  return {
    'notifications: get page of one recipient on large + 1,000 notifications, ms (budget <= 50)': await timeIt(
      post('/v2/notifications/get', { organizationId: LARGE_ORGANIZATION, userId: user(1), pageSize: 10 }),
      30,
      5,
    ),
    'users: data/get page on large + 1,000 notifications, ms (budget <= 50)': await timeIt(
      post('/v2/users/data/get', { organizationId: LARGE_ORGANIZATION, userId: user(1) }),
      30,
      5,
    ),
  };
}
