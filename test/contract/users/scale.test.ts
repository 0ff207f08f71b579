import { describe, expect, it } from 'vitest';
import type { UserRecord } from '../../../src/model/state/entities.js';
import { pageUsers, userSummary } from '../../../src/model/users/query.js';
import { addUsers } from '../../../src/model/users/users.js';
import { createMockService } from '../../../src/service.js';
import { namespaceOf } from '../../support/store.js';

const TOTAL = 100_000;

describe('users at scale (model functions)', () => {
  it('holds 100,000 organization users and pages 1,000 from the middle', () => {
    const service = createMockService();
    const ns = namespaceOf(service);
    const users: UserRecord[] = [];
    for (let i = 0; i < TOTAL; i++) users.push({ userId: `u${i}`, name: `User ${i}`, email: `u${i}@example.com` });
    const outcomes = addUsers(service.model, ns, { organizationId: 'big', users: users, keepAccessRole: true });
    expect(outcomes.size).toBe(TOTAL);
    expect(ns.organizations.get('big')?.users.size).toBe(TOTAL);

    const { page, more } = pageUsers(ns, { organizationId: 'big' }, 50_000, 1_000);
    expect(more).toBe(true);
    expect(page).toHaveLength(1_000);
    expect(userSummary(page[0]!.user)).toEqual({ email: 'u50000@example.com', name: 'User 50000', userId: 'u50000' });
    expect(page.map((m) => m.user.userId)).toEqual(Array.from({ length: 1_000 }, (_, i) => `u${50_000 + i}`));

    const last = pageUsers(ns, { organizationId: 'big' }, TOTAL - 1_000, 1_000);
    expect(last.more).toBe(false);
    expect(last.page.at(-1)?.user.userId).toBe(`u${TOTAL - 1}`);
  });

  it('reads a page without copying the stored records', () => {
    const service = createMockService();
    const ns = namespaceOf(service);
    addUsers(service.model, ns, { organizationId: 'o', users: [{ userId: 'a', name: 'A' }], keepAccessRole: true });
    const stored = ns.organizations.get('o')?.users.get('a');
    const { page } = pageUsers(ns, { organizationId: 'o' }, 0, 10);
    expect(page[0]?.user).toBe(stored);
  });
});
