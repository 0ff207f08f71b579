import { describe, expect, it } from 'vitest';
import { compactRoster } from '../../src/model/notifications/roster-compaction.js';
import { createMockService, type MockService } from '../../src/service.js';
import { createRng } from '../../src/support/rng.js';
import { orgOf } from '../support/store.js';

async function post(service: MockService, path: string, data: unknown): Promise<string> {
  const reply = await service.dispatch({
    method: 'POST',
    path,
    headers: { 'content-type': 'application/json', ...service.credentials.headers },
    body: JSON.stringify({ data }),
  });
  return reply.body;
}

const notify = (id: string, actor: string) => ({
  organizationId: 'org',
  documentId: 'doc',
  notificationId: id,
  notifyAll: true,
  actionUser: { userId: actor },
  notifyUsers: [{ userId: 'outsider' }],
  displayHeadlineMessageTemplate: '{actionUser} wrote',
  displayBodyMessage: 'Body',
});

/** Every reader's view: the organization's notifications, and each user's own. */
async function views(service: MockService): Promise<string[]> {
  const out = [await post(service, '/v2/notifications/get', { organizationId: 'org', documentId: 'doc', order: 'asc' })];
  for (let u = 0; u < 8; u++) out.push(await post(service, '/v2/notifications/get', { organizationId: 'org', userId: `u${u}`, order: 'asc' }));
  return out;
}

describe('roster log rewrite', () => {
  it('keeps what every notifyAll notification shows, members and their order, whatever the changes between', async () => {
    for (const seed of [1, 2, 3]) {
      const service = createMockService();
      const rng = createRng(seed);
      const pick = (n: number) => Math.floor(rng.next() * n);
      await post(service, '/v2/users/add', { organizationId: 'org', users: [{ userId: 'u0' }] });
      for (let i = 0; i < 300; i++) {
        const user = `u${pick(8)}`;
        const step = pick(6);
        if (step < 2) await post(service, '/v2/users/add', { organizationId: 'org', users: [{ userId: user, email: `${user}-${pick(3)}@example.com` }] });
        else if (step < 4) await post(service, '/v2/users/delete', { organizationId: 'org', userIds: [user] });
        else if (step === 4) await post(service, '/v2/notifications/add', notify(`n${pick(12)}`, user));
        else await post(service, '/v2/notifications/delete', { organizationId: 'org', documentId: 'doc', notificationIds: [`n${pick(12)}`] });
      }
      const org = orgOf(service, 'org')!;
      const before = await views(service);
      const length = org.roster?.length ?? 0;
      compactRoster(service.model.store.undo, org);
      expect(org.roster!.length).toBeLessThanOrEqual(length);
      expect(await views(service)).toEqual(before);
      // And back: the rewrite is a write like any other.
      const exported = service.exportState();
      const saved = service.snapshot();
      compactRoster(service.model.store.undo, org);
      service.restore(saved);
      expect(service.exportState()).toBe(exported);
    }
  });

  it('follows the users and the live notifications, not the number of user changes', async () => {
    const service = createMockService();
    await post(service, '/v2/users/add', { organizationId: 'org', users: [{ userId: 'stays' }] });
    await post(service, '/v2/notifications/add', notify('kept', 'stays'));
    const first = await views(service);
    for (let i = 0; i < 3000; i++) {
      await post(service, '/v2/users/add', { organizationId: 'org', users: [{ userId: `u${i % 5}` }] });
      await post(service, '/v2/users/delete', { organizationId: 'org', userIds: [`u${i % 5}`] });
    }
    expect(orgOf(service, 'org')!.roster!.length).toBeLessThan(300);
    expect(await views(service)).toEqual(first);
    expect(service.exportState().length).toBeLessThan(20_000);
  });
});
