import { expect, it } from 'vitest';
import { deleteDocument } from '../../src/model/documents.js';
import { deleteFolder } from '../../src/model/folders.js';
import { ensureDocument, ensureFolder, ensureOrganization } from '../../src/model/organizations/organizations.js';
import { createMockService } from '../../src/service.js';
import { namespaceOf } from '../support/store.js';

it('an undo brings back the comment threads of a deleted document and the folders of a deleted folder', async () => {
  const service = createMockService({ seed: 1 });
  const model = service.model;
  const ns = namespaceOf(service);
  const org = ensureOrganization(model, ns, 'org');
  ensureFolder(model, org, 'f');
  ensureDocument(model, ns, org, 'doc', 'f');
  const reply = await service.dispatch({
    method: 'POST',
    path: '/v2/commentannotations/add',
    headers: { 'content-type': 'application/json', ...service.credentials.headers },
    body: JSON.stringify({
      data: { organizationId: 'org', documentId: 'doc', commentAnnotations: [{ commentData: [{ from: { userId: 'u1' }, commentText: 'hi' }] }] },
    }),
  });
  expect(reply.status).toBe(200);
  const threads = JSON.stringify([...(org.comments.get('doc')?.threads.keys() ?? [])]);
  expect(threads).not.toBe('[]');
  const mark = model.store.undo.mark();
  deleteDocument(model, ns, { organizationId: 'org', documentId: 'doc' });
  deleteFolder(model, ns, org, 'f');
  expect([org.comments.has('doc'), org.folders.has('f')]).toEqual([false, false]);
  model.store.rollback(mark);
  expect(JSON.stringify([...(org.comments.get('doc')?.threads.keys() ?? [])])).toBe(threads);
  expect(org.folders.has('f')).toBe(true);
});
