import { describe, expect, it } from 'vitest';
import { createEvents, type DomainEvent } from '../../src/model/state/events.js';
import { createMockService, type MockService } from '../../src/service.js';

/** POSTs through the in-process pipeline with the default API key. */
async function post(service: MockService, path: string, data: unknown): Promise<void> {
  const reply = await service.dispatch({
    method: 'POST',
    path,
    headers: { 'content-type': 'application/json', ...service.credentials.headers },
    body: JSON.stringify({ data }),
  });
  expect(reply.status, reply.body).toBe(200);
}

/** Every event the service emits while `act` runs, without the API key (asserted separately). */
async function eventsOf(service: MockService, act: () => Promise<void>): Promise<Record<string, unknown>[]> {
  const seen: DomainEvent[] = [];
  const off = service.model.events.on('*', (event) => seen.push(event));
  await act();
  off();
  expect(new Set(seen.map((e) => e.apiKey))).toEqual(new Set(seen.length ? [service.credentials.apiKey] : []));
  return seen.map(({ apiKey: _apiKey, ...rest }) => rest);
}

describe('domain events', () => {
  // A document delete announces itself once; of the records it drops, only shared-editor entries (whose sync
  // clients disconnect) announce their own end.
  it('are emitted by the mutations of users, documents, groups, notifications, activities and shared editors', async () => {
    const service = createMockService();
    const events = await eventsOf(service, async () => {
      await post(service, '/v2/users/add', { organizationId: 'org', users: [{ userId: 'u1' }, { userId: 'u2' }] });
      await post(service, '/v2/organizations/documents/add', { organizationId: 'org', documents: [{ documentId: 'd1' }] });
      await post(service, '/v2/organizations/usergroups/add', { organizationId: 'org', organizationUserGroups: [{ groupId: 'g', groupName: 'G' }] });
      await post(service, '/v1/organizations/usergroups/users/add', { organizationId: 'org', organizationUserGroupId: 'g', userIds: ['u1', 'nobody'] });
      await post(service, '/v2/notifications/add', {
        organizationId: 'org',
        documentId: 'd1',
        notificationId: 'n1',
        actionUser: { userId: 'u1' },
        notifyUsers: [{ userId: 'u2' }],
        displayHeadlineMessageTemplate: 'Hi',
        displayBodyMessage: 'Body',
      });
      await post(service, '/v2/crdt/add', { organizationId: 'org', documentId: 'd1', editorId: 'e', type: 'text', data: 'x' });
      await post(service, '/v2/organizations/documents/delete', { organizationId: 'org', documentIds: ['d1'] });
      await post(service, '/v2/organizations/access/disablestate/update', { organizationIds: ['org'], disabled: true });
    });
    expect(events).toEqual([
      { type: 'user.add', organizationId: 'org', userId: 'u1' },
      { type: 'user.add', organizationId: 'org', userId: 'u2' },
      { type: 'document.add', organizationId: 'org', documentId: 'd1' },
      { type: 'group.add', organizationId: 'org', groupId: 'g' },
      { type: 'group.users_add', organizationId: 'org', groupId: 'g', userIds: ['u1'] },
      { type: 'notification.add', organizationId: 'org', documentId: 'd1', notificationId: 'n1' },
      { type: 'crdt.update_data', organizationId: 'org', documentId: 'd1', editorId: 'e' },
      { type: 'crdt.delete_data', organizationId: 'org', documentId: 'd1', editorId: 'e' },
      { type: 'document.delete', organizationId: 'org', documentId: 'd1' },
      { type: 'organization.disable_state', organizationId: 'org', disabled: true },
    ]);
  });

  it('are emitted by organization, folder, document and permission writes', async () => {
    const service = createMockService();
    const events = await eventsOf(service, async () => {
      await post(service, '/v2/organizations/add', { organizations: [{ organizationId: 'org' }] });
      await post(service, '/v2/organizations/update', { organizations: [{ organizationId: 'org', organizationName: 'O' }] });
      await post(service, '/v2/organizations/folders/add', { organizationId: 'org', folders: [{ folderId: 'f' }, { folderId: 'g' }] });
      await post(service, '/v2/organizations/folders/update', { organizationId: 'org', folders: [{ folderId: 'g', parentFolderId: 'f' }] });
      await post(service, '/v2/organizations/folders/access/update', { organizationId: 'org', folderIds: ['f'], accessType: 'restricted' });
      await post(service, '/v2/organizations/documents/add', { organizationId: 'org', documents: [{ documentId: 'd' }] });
      await post(service, '/v1/organizations/documents/update', { organizationId: 'org', documents: [{ documentId: 'd', documentName: 'D' }] });
      await post(service, '/v2/organizations/documents/move', { organizationId: 'org', documentIds: ['d'], folderId: 'g' });
      await post(service, '/v2/organizations/documents/access/update', { organizationId: 'org', documentIds: ['d'], accessType: 'public' });
      await post(service, '/v2/organizations/documents/access/disablestate/update', { organizationId: 'org', documentIds: ['d'], disabled: true });
      await post(service, '/v2/auth/permissions/add', {
        user: { userId: 'u' },
        permissions: { resources: [{ type: 'folder', id: 'g', organizationId: 'org' }] },
      });
      await post(service, '/v2/auth/permissions/remove', { userId: 'u', permissions: { resources: [{ type: 'folder', id: 'g', organizationId: 'org' }] } });
      await post(service, '/v2/organizations/folders/delete', { organizationId: 'org', folderId: 'f' });
      await post(service, '/v2/organizations/delete', { organizationIds: ['org'] });
    });
    expect(events).toEqual([
      { type: 'organization.add', organizationId: 'org' },
      { type: 'organization.update', organizationId: 'org' },
      { type: 'folder.add', organizationId: 'org', folderId: 'f' },
      { type: 'folder.add', organizationId: 'org', folderId: 'g' },
      { type: 'folder.update', organizationId: 'org', folderId: 'g' },
      { type: 'folder.access_update', organizationId: 'org', folderId: 'f' },
      { type: 'document.add', organizationId: 'org', documentId: 'd' },
      { type: 'document.update', organizationId: 'org', documentId: 'd' },
      { type: 'document.move', organizationId: 'org', documentId: 'd', folderId: 'g' },
      { type: 'document.access_update', organizationId: 'org', documentId: 'd' },
      { type: 'document.disable_state', organizationId: 'org', documentId: 'd', disabled: true },
      { type: 'permission.add', organizationId: 'org', userId: 'u', folderId: 'g' },
      { type: 'user.delete', organizationId: 'org', userId: 'u', folderId: 'g' },
      { type: 'permission.remove', organizationId: 'org', userId: 'u', folderId: 'g' },
      { type: 'document.delete', organizationId: 'org', documentId: 'd' },
      { type: 'folder.delete', organizationId: 'org', folderId: 'f' },
      { type: 'organization.delete', organizationId: 'org' },
    ]);
  });

  it('emit nothing for a refused call', async () => {
    const service = createMockService();
    const events = await eventsOf(service, async () => {
      const reply = await service.dispatch({
        method: 'POST',
        path: '/v2/users/add',
        headers: { 'content-type': 'application/json', ...service.credentials.headers },
        body: JSON.stringify({ data: { organizationId: 'org', users: [{ name: 'no id' }] } }),
      });
      expect(reply.status).toBe(400);
    });
    expect(events).toEqual([]);
  });

  it('follow an edit made on the live document, at the entry it was migrated to', async () => {
    const service = createMockService({ migrations: 'immediate' });
    await post(service, '/v2/crdt/add', { organizationId: 'org', documentId: 'a', editorId: 'e', type: 'text', data: 'x' });
    const doc = service.crdt.doc({ organizationId: 'org', documentId: 'a', editorId: 'e' });
    await post(service, '/v2/organizations/documents/migrate', { organizationId: 'org', documentId: 'a', newDocumentId: 'b' });
    const events = await eventsOf(service, async () => {
      doc.getText('content').insert(0, 'y');
    });
    expect(events).toEqual([{ type: 'crdt.update_data', organizationId: 'org', documentId: 'b', editorId: 'e' }]);
  });

  it('reach typed and catch-all listeners until they unsubscribe', () => {
    const events = createEvents();
    const typed: string[] = [];
    const all: string[] = [];
    const offTyped = events.on('user.add', (e) => typed.push(e.userId));
    events.on('*', (e) => all.push(e.type));
    events.emit('user.add', 'k', { organizationId: 'o', userId: 'u1' });
    offTyped();
    events.emit('user.add', 'k', { organizationId: 'o', userId: 'u2' });
    events.emit('document.add', 'k', { organizationId: 'o', documentId: 'd' });
    expect(typed).toEqual(['u1']);
    expect(all).toEqual(['user.add', 'user.add', 'document.add']);
  });
});
