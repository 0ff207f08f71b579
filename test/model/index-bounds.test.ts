import { describe, expect, it } from 'vitest';
import { deleteDocument } from '../../src/model/documents.js';
import { addNotification, deleteNotifications } from '../../src/model/notifications/notifications.js';
import { pageNotifications } from '../../src/model/notifications/query.js';
import { renderNotification } from '../../src/model/notifications/render.js';
import { indexStamp, watchMap } from '../../src/model/state/beside-indexes.js';
import { UndoLog } from '../../src/model/state/undo-log.js';
import { userDataPage } from '../../src/model/users/data.js';
import { userOrder } from '../../src/model/users/order.js';
import { addUsers, deleteUsers } from '../../src/model/users/users.js';
import { createMockService } from '../../src/service.js';
import { namespaceOf } from '../support/store.js';

/** Counts every walk of a Map (any iteration of its entries, keys or values): the O(N) work a call may not do. */
function countWalks(map: Map<unknown, unknown>): () => number {
  let walks = 0;
  const proto = Map.prototype;
  const wrap = (name: 'values' | 'keys' | 'entries' | typeof Symbol.iterator) => {
    const original = proto[name] as (this: Map<unknown, unknown>) => unknown;
    Object.defineProperty(map, name, {
      configurable: true,
      value(this: Map<unknown, unknown>) {
        walks++;
        return original.call(this);
      },
    });
  };
  for (const name of ['values', 'keys', 'entries', Symbol.iterator] as const) wrap(name);
  Object.defineProperty(map, 'forEach', {
    configurable: true,
    value(this: Map<unknown, unknown>, fn: (v: unknown, k: unknown, m: Map<unknown, unknown>) => void) {
      walks++;
      proto.forEach.call(this, fn);
    },
  });
  return () => walks;
}

const N = 3_000;

function organizationWithNotifications() {
  const service = createMockService({ seed: 1 });
  const model = service.model;
  const ns = namespaceOf(service);
  const ids: string[] = [];
  for (let i = 0; i < N; i++) {
    const n = addNotification(model, ns, {
      organizationId: 'org',
      documentId: `doc-${i % 30}`,
      actionUser: { userId: `u${i % 20}` },
      notifyUsers: [{ userId: `u${(i + 1) % 20}` }, { email: `p${i % 7}@x.io` }],
      notifyAll: false,
    });
    ids.push(n.id);
  }
  const org = ns.organizations.get('org');
  if (!org) throw new Error('no organization');
  return { service, model, ns, org, ids };
}

describe('work bounded by what a call touches', () => {
  it('deletes by id, pages and exports user data without walking the organization notifications', () => {
    const { model, ns, org, ids } = organizationWithNotifications();
    pageNotifications(ns, { organizationId: 'org', userId: 'u3' }, 'desc', 0, 10);
    const walks = countWalks(org.notifications as Map<unknown, unknown>);
    const outcome = deleteNotifications(model, ns, { organizationId: 'org', documentId: 'doc-5', notificationIds: [ids[5] as string, ids[35] as string] });
    expect([...outcome.values()].every((o) => o.success)).toBe(true);
    deleteNotifications(model, ns, { organizationId: 'org', userId: 'u4', notificationIds: [ids[3] as string] });
    const page = pageNotifications(ns, { organizationId: 'org', userId: 'u3' }, 'desc', 0, 10);
    const data = userDataPage(model, ns, { organizationId: 'org', userId: 'u3', offset: 100 });
    expect(page.page).toHaveLength(10);
    expect(data.notifications).toHaveLength(100);
    expect(org.notifications.has(ids[5] as string)).toBe(false);
    expect(walks()).toBe(0);
  });

  it('drops a document with only its own notifications read', () => {
    const { model, ns, org } = organizationWithNotifications();
    pageNotifications(ns, { organizationId: 'org', documentId: 'doc-1' }, 'desc', 0, 10);
    const walks = countWalks(org.notifications as Map<unknown, unknown>);
    const before = org.notifications.size;
    deleteDocument(model, ns, { organizationId: 'org', documentId: 'doc-7' });
    expect(before - org.notifications.size).toBe(N / 30);
    expect(walks()).toBe(0);
  });

  it('undoes added notifications through the timeline, without rebuilding it, and reads the same as before', () => {
    const { service, model, ns, org } = organizationWithNotifications();
    const read = () => JSON.stringify(pageNotifications(ns, { organizationId: 'org', userId: 'u3' }, 'desc', 0, 20).page.map((n) => renderNotification(ns, n)));
    const before = read();
    const order = [...org.notifications.keys()];
    const mark = model.store.undo.mark();
    for (let i = 0; i < 10; i++)
      addNotification(model, ns, {
        organizationId: 'org',
        documentId: 'doc-1',
        actionUser: { userId: 'u9' },
        notifyUsers: [{ userId: 'u3' }],
        notifyAll: false,
        timestamp: 10 ** 13 + i,
      });
    expect(read()).not.toBe(before);
    const walks = countWalks(org.notifications as Map<unknown, unknown>);
    model.store.rollback(mark);
    const after = read();
    expect(walks()).toBe(0);
    expect(after).toBe(before);
    expect([...org.notifications.keys()]).toEqual(order);
    expect(service).toBeDefined();
  });

  it('undoes a delete back into its place in the map order and in every list', () => {
    const { model, ns, org, ids } = organizationWithNotifications();
    const read = () => JSON.stringify(userDataPage(model, ns, { organizationId: 'org', userId: 'u3', offset: 0, size: 1_000 }).notifications.map((n) => n.id));
    const before = read();
    const order = [...org.notifications.keys()];
    const mark = model.store.undo.mark();
    deleteNotifications(model, ns, { organizationId: 'org', documentId: 'doc-2', notificationIds: [ids[2] as string, ids[62] as string] });
    deleteNotifications(model, ns, { organizationId: 'org', userId: 'u3' });
    expect(read()).not.toBe(before);
    model.store.rollback(mark);
    expect([...org.notifications.keys()]).toEqual(order);
    expect(read()).toBe(before);
  });

  it('keeps the user order through an undo of appends without rebuilding it', () => {
    const service = createMockService({ seed: 1 });
    const model = service.model;
    const ns = namespaceOf(service);
    addUsers(model, ns, { organizationId: 'org', users: Array.from({ length: 2_000 }, (_, i) => ({ userId: `u${i}` })), keepAccessRole: true });
    const users = ns.organizations.get('org')?.users as Map<string, never>;
    const order = userOrder(users);
    const mark = model.store.undo.mark();
    addUsers(model, ns, { organizationId: 'org', users: [{ userId: 'late-1' }, { userId: 'late-2' }], keepAccessRole: true });
    expect(userOrder(users).keys.slice(-2)).toEqual(['late-1', 'late-2']);
    const walks = countWalks(users as Map<unknown, unknown>);
    model.store.rollback(mark);
    expect(userOrder(users)).toBe(order);
    expect(order.keys).toHaveLength(2_000);
    expect(walks()).toBe(0);
  });
});

describe('users attached across levels', () => {
  it('removes an organization user from its own folders and documents without walking the others', () => {
    const service = createMockService({ seed: 1 });
    const model = service.model;
    const ns = namespaceOf(service);
    addUsers(model, ns, { organizationId: 'org', users: [{ userId: 'u1', email: 'u1@x.io' }, { userId: 'u2' }], keepAccessRole: true });
    for (let d = 0; d < 500; d++)
      addUsers(model, ns, { organizationId: 'org', documentId: `d${d}`, users: [{ userId: d % 250 === 7 ? 'u1' : 'u2' }], keepAccessRole: true });
    addUsers(model, ns, { organizationId: 'org', folderId: 'f', users: [{ userId: 'u1' }], keepAccessRole: true });
    const org = ns.organizations.get('org');
    if (!org) throw new Error('no organization');
    // The first lookup by email builds the index of the organization's people once.
    addNotification(model, ns, {
      organizationId: 'org',
      documentId: 'd0',
      actionUser: { userId: 'u2' },
      notifyUsers: [{ email: 'U1@x.io' }],
      notifyAll: false,
    });
    const documents = countWalks(org.documents as Map<unknown, unknown>);
    const folders = countWalks(org.folders as Map<unknown, unknown>);
    const mark = model.store.undo.mark();
    deleteUsers(model, ns, { organizationId: 'org', userIds: ['u1'] });
    expect([documents(), folders()]).toEqual([0, 0]);
    expect(['d7', 'd257'].map((d) => org.documents.get(d)?.users.has('u1'))).toEqual([false, false]);
    expect(org.folders.get('f')?.users.has('u1')).toBe(false);
    model.store.rollback(mark);
    expect(['d7', 'd257'].map((d) => org.documents.get(d)?.users.has('u1'))).toEqual([true, true]);
    deleteUsers(model, ns, { organizationId: 'org', userIds: ['u1'] });
    expect(org.documents.get('d257')?.users.has('u1')).toBe(false);
  });
});

describe('undo log index support', () => {
  it('puts an entry deleted with its successor back in place, and redoes the delete', () => {
    const undo = new UndoLog();
    const map = new Map([
      ['a', 1],
      ['b', 2],
      ['c', 3],
      ['d', 4],
    ]);
    const mark = undo.mark();
    undo.deleteBefore(map, 'b', 'c');
    undo.deleteBefore(map, 'd', null);
    expect([...map.keys()]).toEqual(['a', 'c']);
    const redo = undo.rollback(mark);
    expect([...map]).toEqual([
      ['a', 1],
      ['b', 2],
      ['c', 3],
      ['d', 4],
    ]);
    undo.replay(redo);
    expect([...map.keys()]).toEqual(['a', 'c']);
  });

  it('tells a map watcher of every write and every undo', () => {
    const undo = new UndoLog();
    const map = new Map<string, number>([['a', 1]]);
    const seen: string[] = [];
    watchMap(map, (key, before) => seen.push(`${key}:${before ?? '-'}>${map.get(key) ?? '-'}`));
    const mark = undo.mark();
    undo.set(map, 'b', 2);
    undo.set(map, 'a', 5);
    undo.delete(map, 'a');
    undo.rollback(mark);
    expect(seen).toEqual(['b:->2', 'a:1>5', 'a:5>-', 'a:->1', 'b:2>-']);
  });

  it('keeps an index stamp through undos of later writes and drops it on an undo of earlier ones', () => {
    const undo = new UndoLog();
    const map = new Map<string, number>();
    const early = undo.mark();
    undo.set(map, 'a', 1);
    const stamp = indexStamp();
    const late = undo.mark();
    undo.set(map, 'b', 2);
    undo.rollback(late);
    expect(stamp.valid).toBe(true);
    undo.rollback(early);
    expect(stamp.valid).toBe(false);
  });
});
