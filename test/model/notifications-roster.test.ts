import { describe, expect, it } from 'vitest';
import { addNotification, deleteNotifications, queryNotifications } from '../../src/model/notifications/notifications.js';
import { canAccess } from '../../src/model/notifications/recipients.js';
import { renderNotification } from '../../src/model/notifications/render.js';
import { ensureDocument, ensureOrganization } from '../../src/model/organizations/organizations.js';
import { grantPermissions } from '../../src/model/permissions.js';
import type { DocumentRecord, OrganizationRecord } from '../../src/model/state/entities.js';
import { userDataPage } from '../../src/model/users/data.js';
import { addUsers, deleteUsers, updateUsers } from '../../src/model/users/users.js';
import { createMockService } from '../../src/service.js';
import { md5Hex } from '../../src/support/ids.js';
import { namespaceOf } from '../support/store.js';

interface Person {
  userId?: string | undefined;
  email?: string | undefined;
  [field: string]: unknown;
}
interface Expected {
  userId?: string;
  emailHash?: string;
}

/** The recipients as one record per person, listed at add time: the fan-out that the roster log replaces. */
function fannedOut(
  org: OrganizationRecord,
  doc: DocumentRecord,
  request: { actionUser: { userId: string }; notifyUsers: Person[]; notifyAll: boolean; verifyUserPermissions: boolean },
  now = 0,
): Expected[] {
  const everyone = function* () {
    yield* org.users.values();
    for (const f of org.folders.values()) yield* f.users.values();
    for (const d of org.documents.values()) yield* d.users.values();
  };
  const idByEmail = (email: string | undefined) => {
    if (email === undefined) return undefined;
    for (const u of everyone()) if (typeof u.email === 'string' && u.email.toLowerCase() === email.toLowerCase()) return u.userId;
    return undefined;
  };
  const people: Person[] = [];
  const byUserId = new Map<string, Person>();
  const byEmail = new Map<string, Person>();
  const add = (person: Person) => {
    const email = person.email?.toLowerCase();
    let same = person.userId === undefined ? undefined : byUserId.get(person.userId);
    if (!same && email !== undefined) {
      const c = byEmail.get(email);
      if (c && (c.userId === undefined || person.userId === undefined)) same = c;
    }
    if (!same) people.push((same = { ...person }));
    else {
      same.userId ??= person.userId;
      same.email ??= person.email;
    }
    if (same.userId !== undefined) byUserId.set(same.userId, same);
    if (email !== undefined && !byEmail.has(email)) byEmail.set(email, same);
  };
  if (request.notifyAll) for (const u of org.users.values()) if (u.userId !== request.actionUser.userId) add({ userId: u.userId, email: u.email });
  for (const e of request.notifyUsers) add({ userId: e.userId ?? idByEmail(e.email), email: e.email });
  const kept = request.verifyUserPermissions ? people.filter((p) => p.userId !== undefined && canAccess(org, doc, p.userId, now)) : people;
  return kept.map((p) => ({ ...(p.userId === undefined ? {} : { userId: p.userId }), ...(p.email === undefined ? {} : { emailHash: md5Hex(p.email) }) }));
}

const maps = (list: Expected[]) => {
  const byEmail: Record<string, true> = {};
  const byUserId: Record<string, true> = {};
  for (const r of list) {
    if (r.emailHash !== undefined) byEmail[r.emailHash] = true;
    if (r.userId !== undefined) byUserId[md5Hex(r.userId)] = true;
  }
  return JSON.stringify({ notifyUsers: byEmail, notifyUsersByUserId: byUserId });
};

/** A small seeded generator (xorshift), so every run plays the same history. */
function generator(seed: number) {
  let x = seed;
  const next = () => {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    return (x >>> 0) / 4294967296;
  };
  return { int: (n: number) => Math.floor(next() * n), chance: (p: number) => next() < p };
}

describe('notifyAll notifications keep the organization as it was when they were added', () => {
  it.each([1, 2, 3, 4, 5, 6])('reads, filters and user deletes match one record per person over a seeded history (seed %i)', (seed) => {
    const service = createMockService({ seed });
    const model = service.model;
    const ns = namespaceOf(service);
    const rnd = generator(seed * 7919);
    const org = ensureOrganization(model, ns, 'org');
    // d1 sits in folder f; d2 is restricted (folder f's grants reach it), d3 disabled.
    const docs = ['d0', 'd1', 'd2', 'd3'].map((id, i) => {
      const doc = ensureDocument(model, ns, org, id, i === 1 || i === 2 ? 'f' : undefined);
      if (i === 2) doc.accessType = 'restricted';
      if (i === 3) doc.disabled = true;
      return doc;
    });
    model.clock.advance(10_000);
    const now = model.clock.now();
    const email = () => [`p${rnd.int(12)}@x.io`, `P${rnd.int(12)}@X.io`, undefined][rnd.int(3)];
    const person = (): Person => {
      const kind = rnd.int(3);
      return kind === 0 ? { userId: `u${rnd.int(20)}` } : kind === 1 ? { userId: `u${rnd.int(20)}`, email: email() } : { email: `p${rnd.int(14)}@x.io` };
    };
    const expected = new Map<string, Expected[]>();
    for (let step = 0; step < 220; step++) {
      const roll = rnd.int(10);
      if (roll < 3) {
        const userId = `u${rnd.int(20)}`;
        const at = rnd.int(6);
        const e = email();
        // Some grants carry an expiry: lapsed already (seconds before now) or still running.
        const lapse = [undefined, undefined, (now - 5_000) / 1000, (now + 5_000) / 1000][rnd.int(4)];
        const user = { userId, ...(e === undefined ? {} : { email: e }), ...(lapse === undefined ? {} : { expiresAt: lapse }) };
        if (at === 0 || at === 5) addUsers(model, ns, { organizationId: 'org', users: [user], keepAccessRole: true });
        else if (at === 4) addUsers(model, ns, { organizationId: 'org', folderId: 'f', users: [user], keepAccessRole: true });
        else addUsers(model, ns, { organizationId: 'org', documentId: `d${at - 1}`, users: [user], keepAccessRole: true });
      } else if (roll < 4) {
        updateUsers(model, ns, { organizationId: 'org', users: [{ userId: `u${rnd.int(20)}`, email: email() ?? 'fresh@x.io' }], keepAccessRole: true });
      } else if (roll < 5) {
        deleteUsers(model, ns, { organizationId: 'org', userIds: [`u${rnd.int(20)}`] });
      } else if (roll < 8) {
        const doc = docs[rnd.int(4)] as DocumentRecord;
        const request = {
          actionUser: { userId: `u${rnd.int(20)}` },
          notifyUsers: Array.from({ length: rnd.int(4) }, person),
          notifyAll: rnd.chance(0.8),
          verifyUserPermissions: rnd.chance(0.4),
        };
        const id = `n${step}`;
        expected.set(id, fannedOut(org, doc, request, now));
        addNotification(model, ns, { organizationId: 'org', documentId: doc.documentId, notificationId: id, ...request });
      } else {
        const userId = `u${rnd.int(20)}`;
        deleteNotifications(model, ns, { organizationId: 'org', userId });
        for (const [id, list] of expected) {
          if (!list.some((r) => r.userId === userId)) continue;
          const rest = list.filter((r) => r.userId !== userId);
          if (rest.length === 0) expected.delete(id);
          else expected.set(id, rest);
        }
      }
    }
    expect([...org.notifications.keys()]).toEqual([...expected.keys()]);
    for (const [id, list] of expected) {
      const n = org.notifications.get(id);
      if (!n) throw new Error(`missing ${id}`);
      const view = renderNotification(ns, n);
      expect(JSON.stringify({ notifyUsers: view['notifyUsers'], notifyUsersByUserId: view['notifyUsersByUserId'] }), id).toBe(maps(list));
    }
    for (let u = 0; u < 20; u++) {
      const userId = `u${u}`;
      const held = [...expected].filter(([, list]) => list.some((r) => r.userId === userId)).map(([id]) => id);
      expect(queryNotifications(ns, { organizationId: 'org', userId }, 'asc').map((n) => n.id)).toEqual(held);
      const page = userDataPage(model, ns, { organizationId: 'org', userId, offset: 0, size: 1000 });
      const involved = [...expected.keys()].filter(
        (id) => held.includes(id) || (org.notifications.get(id)?.record['actionUser'] as { userId: string } | undefined)?.userId === userId,
      );
      expect(page.notifications.map((n) => n.id)).toEqual(involved);
    }
  });

  it('stores one roster position per notification, not one record per organization user', () => {
    const service = createMockService({ seed: 1 });
    const ns = namespaceOf(service);
    addUsers(service.model, ns, {
      organizationId: 'org',
      users: Array.from({ length: 500 }, (_, i) => ({ userId: `u${i}`, email: `u${i}@x.io` })),
      keepAccessRole: true,
    });
    const n = addNotification(service.model, ns, {
      organizationId: 'org',
      documentId: 'doc',
      actionUser: { userId: 'u0' },
      notifyUsers: [{ userId: 'outsider' }],
    });
    expect(n.recipients).toEqual([{ userId: 'outsider' }]);
    expect(n.everyone).toEqual({ at: 500, except: 'u0' });
    expect(Object.keys(renderNotification(ns, n)['notifyUsersByUserId'] as object)).toHaveLength(500);
  });

  it('counts an organization-level user granted by permissions in later notifyAll notifications only', () => {
    const service = createMockService({ seed: 1 });
    const ns = namespaceOf(service);
    addUsers(service.model, ns, { organizationId: 'org', users: [{ userId: 'a' }, { userId: 'b' }], keepAccessRole: true });
    const base = { organizationId: 'org', documentId: 'doc', actionUser: { userId: 'a' }, notifyUsers: [] };
    const before = addNotification(service.model, ns, { ...base, notificationId: 'before' });
    grantPermissions(service.model, ns, 'c', [{ type: 'organization', id: 'org' }]);
    const after = addNotification(service.model, ns, { ...base, notificationId: 'after' });
    expect(Object.keys(renderNotification(ns, before)['notifyUsersByUserId'] as object)).toEqual([md5Hex('b')]);
    expect(Object.keys(renderNotification(ns, after)['notifyUsersByUserId'] as object)).toEqual([md5Hex('b'), md5Hex('c')]);
  });
});
