import { describe, expect, it } from 'vitest';
import { addGroups, addMembers } from '../../src/model/groups.js';
import { pageUsers, queryUsers } from '../../src/model/users/query.js';
import { addUsers, deleteUsers } from '../../src/model/users/users.js';
import { createMockService } from '../../src/service.js';
import { namespaceOf } from '../support/store.js';

/** The matches in the map's own order, filtered one by one: what the ordered index must reproduce. */
function naive(users: Map<string, { userId: string }>, ids?: string[], members?: Set<string>): string[] {
  return [...users.keys()].filter((id) => (!ids || ids.includes(id)) && (!members || members.has(id)));
}

describe('users queries through the insertion order', () => {
  it('pages, id lists and groups match a walk of the map after adds, re-adds and removals', () => {
    const service = createMockService({ seed: 3 });
    const model = service.model;
    const ns = namespaceOf(service);
    let x = 17;
    const rnd = (n: number) => {
      x ^= x << 13;
      x ^= x >>> 17;
      x ^= x << 5;
      return Math.floor(((x >>> 0) / 4294967296) * n);
    };
    addGroups(model, ns, {
      organizationId: 'org',
      groups: [
        { groupId: 'g1', groupName: 'G1' },
        { groupId: 'g2', groupName: 'G2' },
      ],
    });
    for (let step = 0; step < 400; step++) {
      const userId = `u${rnd(60)}`;
      const roll = rnd(10);
      if (roll < 5) addUsers(model, ns, { organizationId: 'org', users: [{ userId }], keepAccessRole: true });
      else if (roll < 7) deleteUsers(model, ns, { organizationId: 'org', userIds: [userId] });
      else if (roll < 8) addUsers(model, ns, { organizationId: 'org', documentId: 'doc', users: [{ userId }], keepAccessRole: true });
      else if (ns.organizations.get('org')?.users.has(userId))
        addMembers(model, ns, { organizationId: 'org', groupId: rnd(2) ? 'g1' : 'g2', userIds: [userId] });
      const org = ns.organizations.get('org');
      if (!org || step % 7 !== 0) continue;
      const all = naive(org.users);
      const offset = rnd(all.length + 2);
      const page = pageUsers(ns, { organizationId: 'org' }, offset, 5);
      expect(page.page.map((m) => m.user.userId)).toEqual(all.slice(offset, offset + 5));
      expect(page.more).toBe(all.length > offset + 5);
      const ids = Array.from({ length: 1 + rnd(8) }, () => `u${rnd(60)}`);
      expect(queryUsers(ns, { organizationId: 'org', userIds: ids }).map((m) => m.user.userId)).toEqual(naive(org.users, ids));
      const g1 = org.groups.get('g1')?.members ?? new Set<string>();
      expect(queryUsers(ns, { organizationId: 'org', organizationUserGroupIds: ['g1'] }).map((m) => m.user.userId)).toEqual(naive(org.users, undefined, g1));
      expect(queryUsers(ns, { organizationId: 'org', userIds: ids, organizationUserGroupIds: ['g1', 'g2'] }).map((m) => m.user.userId)).toEqual(
        naive(org.users, ids, new Set([...g1, ...(org.groups.get('g2')?.members ?? [])])),
      );
      const docUsers = org.documents.get('doc')?.users;
      if (docUsers)
        expect(pageUsers(ns, { organizationId: 'org', documentId: 'doc' }, 1, 3).page.map((m) => m.user.userId)).toEqual(naive(docUsers).slice(1, 4));
    }
  });
  it('pages the restored users after a snapshot is restored over an add and a removal of the same size', () => {
    const service = createMockService({ seed: 3 });
    const ns = namespaceOf(service);
    addUsers(service.model, ns, { organizationId: 'org', users: [{ userId: 'a' }, { userId: 'b' }, { userId: 'c' }], keepAccessRole: true });
    const snapshot = service.snapshot();
    addUsers(service.model, ns, { organizationId: 'org', users: [{ userId: 'd' }], keepAccessRole: true });
    deleteUsers(service.model, ns, { organizationId: 'org', userIds: ['b'] });
    expect(pageUsers(ns, { organizationId: 'org' }, 0, 10).page.map((m) => m.user.userId)).toEqual(['a', 'c', 'd']);
    service.restore(snapshot);
    const restored = namespaceOf(service);
    expect(pageUsers(restored, { organizationId: 'org' }, 0, 10).page.map((m) => m.user.userId)).toEqual(['a', 'b', 'c']);
    expect(queryUsers(restored, { organizationId: 'org', userIds: ['b', 'd'] }).map((m) => m.user.userId)).toEqual(['b']);
  });
});
