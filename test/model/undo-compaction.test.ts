import { describe, expect, it } from 'vitest';
import type * as Y from 'yjs';
import { MIN_LOG_WEIGHT } from '../../src/model/state/store.js';
import { loadYjs } from '../../src/model/state/yjs.js';
import { createScenarioService } from '../../src/scenarios/index.js';
import { createMockService, type MockService } from '../../src/service.js';
import { createRng } from '../../src/support/rng.js';

/** POSTs `{ data }` in process; the reply status is returned (refusals are part of the mix). */
async function post(service: MockService, path: string, data: unknown): Promise<number> {
  const reply = await service.dispatch({
    method: 'POST',
    path,
    headers: { 'content-type': 'application/json', ...service.credentials.headers },
    body: JSON.stringify({ data }),
  });
  return reply.status;
}

/** Writes that answered 200, of all `randomWrite` sent. */
const tally = { ok: 0, sent: 0 };

/** One write of many kinds, chosen by the seeded generator: adds, updates, moves and deletes of every area. */
async function randomWrite(service: MockService, pick: (n: number) => number, i: number): Promise<void> {
  const send = async (path: string, data: unknown): Promise<void> => {
    const status = await post(service, path, data);
    tally.sent++;
    if (status === 200) tally.ok++;
  };
  const org = `org-${pick(2)}`;
  const doc = `doc-${pick(4)}`;
  const user = `user-${pick(6)}`;
  switch (pick(14)) {
    case 0:
      await send('/v2/users/add', { organizationId: org, users: [{ userId: user, name: `Name ${i}`, email: `${user}@example.com` }] });
      break;
    case 1:
      await send('/v2/users/delete', { organizationId: org, userIds: [user] });
      break;
    case 2:
      await send('/v2/organizations/documents/add', { organizationId: org, documents: [{ documentId: doc, documentName: `D ${i}` }] });
      break;
    case 3:
      await send('/v2/organizations/folders/add', { organizationId: org, folders: [{ folderId: `f-${pick(2)}` }] });
      await send('/v2/organizations/documents/move', { organizationId: org, documentIds: [doc], folderId: `f-${pick(2)}` });
      break;
    case 4:
      await send('/v2/organizations/documents/delete', { organizationId: org, documentIds: [doc] });
      break;
    case 5:
      await send('/v2/commentannotations/add', {
        organizationId: org,
        documentId: doc,
        commentAnnotations: [{ annotationId: `a-${pick(3)}`, commentData: [{ from: { userId: user }, commentText: `Hi ${i}` }] }],
      });
      break;
    case 6:
      await send('/v2/commentannotations/delete', { organizationId: org, documentId: doc, annotationIds: [`a-${pick(3)}`] });
      break;
    case 7:
      await send('/v2/notifications/add', {
        organizationId: org,
        documentId: doc,
        notificationId: `n-${pick(4)}`,
        actionUser: { userId: user },
        notifyUsers: [{ userId: `user-${pick(6)}` }],
        displayHeadlineMessageTemplate: 'x',
        displayBodyMessage: `n ${i}`,
      });
      break;
    case 8:
      await send('/v2/notifications/delete', { organizationId: org, documentId: doc, notificationIds: [`n-${pick(4)}`] });
      break;
    case 9:
      await send(pick(2) ? '/v2/crdt/add' : '/v2/crdt/update', {
        organizationId: org,
        documentId: doc,
        editorId: `e-${pick(2)}`,
        type: 'text',
        data: `Draft ${i}`,
      });
      break;
    case 10:
      await send('/v2/crdt/delete', { organizationId: org, documentId: doc, editorIds: [`e-${pick(2)}`] });
      break;
    case 11:
      await send('/v2/livestate/broadcast', { organizationId: org, documentId: doc, liveStateDataId: `k-${pick(2)}`, data: { i } });
      break;
    case 12:
      await send('/v2/organizations/usergroups/add', {
        organizationId: org,
        organizationUserGroups: [{ groupId: `g-${pick(2)}`, groupName: `G ${i}` }],
      });
      break;
    default:
      await send('/v2/workspace/domains/add', { domains: [`d${pick(5)}.example.com`] });
  }
}

describe('undo log compaction', () => {
  it('keeps every saved state restorable byte for byte, and changes nothing of the live state', async () => {
    const service = await createScenarioService({ scenario: 'team', seed: 3 });
    await loadYjs();
    const rng = createRng(11);
    const pick = (n: number) => Math.floor(rng.next() * n);
    const initial = service.exportState();
    const saved: { handle: ReturnType<MockService['snapshot']>; state: string }[] = [];
    for (let i = 0; i < 400; i++) {
      await randomWrite(service, pick, i);
      if (i % 97 === 0) saved.push({ handle: service.snapshot(), state: service.exportState() });
    }
    const now = service.exportState();
    expect(service.model.store.undo.size).toBeGreaterThan(0);
    service.model.store.compact();
    expect(service.model.store.undo.size).toBe(0);
    expect(service.exportState()).toBe(now);
    // More writes after the compaction, then every saved state in a shuffled order, then the start.
    for (let i = 400; i < 450; i++) await randomWrite(service, pick, i);
    expect(tally.ok).toBeGreaterThan(tally.sent / 2);
    for (const index of [2, 0, 3, 1]) {
      const { handle, state } = saved[index]!;
      service.restore(handle);
      expect(service.exportState()).toBe(state);
    }
    service.reset();
    expect(service.exportState()).toBe(initial);
  });

  it('copies a state reached by redoing changes after a rollback too', async () => {
    const service = createMockService();
    await post(service, '/v2/users/add', { organizationId: 'org', users: [{ userId: 'a' }] });
    const later = service.snapshot();
    const laterState = service.exportState();
    service.reset();
    await post(service, '/v2/users/add', { organizationId: 'org', users: [{ userId: 'b' }] });
    service.model.store.compact();
    service.restore(later);
    expect(service.exportState()).toBe(laterState);
  });

  it('leaves the live shared-editor documents alone: same objects, not destroyed, still observed', async () => {
    const service = createMockService();
    const at = { organizationId: 'org', documentId: 'doc', editorId: 'e' };
    expect(await post(service, '/v2/crdt/add', { ...at, type: 'text', data: 'one' })).toBe(200);
    const doc = service.crdt.doc(at) as Y.Doc;
    for (let i = 0; i < 20; i++) expect(await post(service, '/v2/crdt/update', { ...at, type: 'text', data: `v${i}` })).toBe(200);
    let heard = 0;
    doc.on('update', () => heard++);
    service.model.store.compact();
    expect(service.crdt.doc(at)).toBe(doc);
    expect(doc.isDestroyed).toBe(false);
    expect(heard).toBe(0);
    doc.getText('content').insert(0, 'x');
    expect(heard).toBe(1);
  });

  it('weighs the state first: a history lighter than twice the state is kept, so a large state is not copied early', async () => {
    const service = await createScenarioService({ scenario: 'large', seed: 1 });
    const { store } = service.model;
    const headers = { 'content-type': 'application/json', ...service.credentials.headers };
    const body = JSON.stringify({ data: { organizationId: 'org', documentId: 'doc', editorId: 'e', type: 'text', data: 'x'.repeat(60_000) } });
    await service.dispatch({ method: 'POST', path: '/v2/crdt/add', headers, body });
    while (store.undo.weight < MIN_LOG_WEIGHT) await service.dispatch({ method: 'POST', path: '/v2/crdt/update', headers, body });
    const size = store.undo.size;
    expect(store.compactIfDue()).toBe(false);
    expect(store.undo.size).toBe(size);
  });

  it('bounds the undo log by the state, whatever the number of writes, and reset gives it back', async () => {
    const service = createMockService();
    const at = { organizationId: 'org', documentId: 'doc', editorId: 'e' };
    const text = 'lorem ipsum dolor sit amet '.repeat(40);
    expect(await post(service, '/v2/crdt/add', { ...at, type: 'text', data: text })).toBe(200);
    let most = 0;
    for (let i = 0; i < 3000; i++) {
      expect(await post(service, '/v2/crdt/update', { ...at, type: 'text', data: `${i % 2}${text}` })).toBe(200);
      expect(await post(service, '/v2/users/add', { organizationId: 'org', users: [{ userId: `u${i % 3}` }] })).toBe(200);
      expect(await post(service, '/v2/users/delete', { organizationId: 'org', userIds: [`u${i % 3}`] })).toBe(200);
      most = Math.max(most, service.model.store.undo.weight);
    }
    // Each update keeps a copy of the editor (about 1.5 KB): 3,000 of them would be 4.5 MB and more.
    expect(most).toBeLessThan(MIN_LOG_WEIGHT + 64 * 1024);
    service.reset();
    expect(service.model.store.undo.size).toBe(0);
    expect(await post(service, '/v2/crdt/get', at)).toBe(200);
  });
});
