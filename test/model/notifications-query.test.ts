import { describe, expect, it } from 'vitest';
import { addNotification, deleteNotifications, type NotificationSelector, queryNotifications } from '../../src/model/notifications/notifications.js';
import { pageNotifications } from '../../src/model/notifications/query.js';
import { addUsers } from '../../src/model/users/users.js';
import { createMockService } from '../../src/service.js';
import { namespaceOf } from '../support/store.js';

describe('notification pages through the ordered timeline', () => {
  it.each([1, 2, 3])('match sorting every match, whatever the filters, order and offset (seed %i)', (seed) => {
    const service = createMockService({ seed });
    const model = service.model;
    const ns = namespaceOf(service);
    let x = seed * 48271;
    const rnd = (n: number) => {
      x ^= x << 13;
      x ^= x >>> 17;
      x ^= x << 5;
      return Math.floor(((x >>> 0) / 4294967296) * n);
    };
    addUsers(model, ns, { organizationId: 'org', users: Array.from({ length: 6 }, (_, i) => ({ userId: `u${i}` })), keepAccessRole: true });
    for (let step = 0; step < 300; step++) {
      const roll = rnd(10);
      if (roll < 6) {
        addNotification(model, ns, {
          organizationId: 'org',
          documentId: `d${rnd(3)}`,
          notificationId: `n${rnd(80)}`,
          actionUser: { userId: `u${rnd(8)}` },
          notifyUsers: Array.from({ length: rnd(3) }, () => ({ userId: `u${rnd(10)}` })),
          notifyAll: rnd(3) === 0,
          timestamp: 1000 + rnd(40),
          ...(rnd(2) ? { location: { id: `l${rnd(2)}` } } : {}),
        });
      } else if (roll < 7) {
        deleteNotifications(model, ns, { organizationId: 'org', userId: `u${rnd(10)}` });
      } else if (roll < 8) {
        deleteNotifications(model, ns, { organizationId: 'org', documentId: `d${rnd(3)}`, notificationIds: [`n${rnd(80)}`] });
      } else {
        addUsers(model, ns, { organizationId: 'org', users: [{ userId: `u${rnd(10)}` }], keepAccessRole: true });
      }
      if (step % 5 !== 0) continue;
      const selector: NotificationSelector = { organizationId: 'org' };
      if (rnd(2)) selector.documentId = `d${rnd(3)}`;
      if (rnd(2) || selector.documentId === undefined) selector.userId = `u${rnd(10)}`;
      if (rnd(4) === 0) selector.locationId = `l${rnd(2)}`;
      if (rnd(4) === 0) selector.notificationIds = Array.from({ length: 1 + rnd(10) }, () => `n${rnd(80)}`);
      const order = rnd(2) ? 'asc' : 'desc';
      const all = queryNotifications(ns, selector, order).map((n) => n.id);
      const offset = rnd(all.length + 2);
      const size = 1 + rnd(6);
      const got = pageNotifications(ns, selector, order, offset, size);
      expect(
        got.page.map((n) => n.id),
        JSON.stringify({ selector, order, offset, size }),
      ).toEqual(all.slice(offset, offset + size));
      expect(got.more).toBe(all.length > offset + size);
    }
  });

  it('keeps equal timestamps in insertion order as adds arrive out of time order', () => {
    const service = createMockService({ seed: 9 });
    const ns = namespaceOf(service);
    let x = 7;
    const rnd = (n: number) => {
      x ^= x << 13;
      x ^= x >>> 17;
      x ^= x << 5;
      return Math.floor(((x >>> 0) / 4294967296) * n);
    };
    for (let i = 0; i < 200; i++) {
      addNotification(service.model, ns, {
        organizationId: 'org',
        documentId: `d${rnd(2)}`,
        notificationId: `n${i}`,
        actionUser: { userId: 'a' },
        notifyUsers: [{ userId: `u${rnd(3)}` }],
        notifyAll: false,
        timestamp: rnd(30),
      });
      for (const selector of [
        { organizationId: 'org', documentId: 'd1' },
        { organizationId: 'org', userId: 'u1' },
      ]) {
        const all = queryNotifications(ns, selector, 'desc').map((n) => n.id);
        expect(pageNotifications(ns, selector, 'desc', 0, 1000).page.map((n) => n.id)).toEqual(all);
      }
    }
  });
});
