import { z } from 'zod';
import { md5Hex } from '../support/ids.js';
import { addDocument, ensureFolder, ensureOrganization } from '../model/organizations.js';
import { deleteDocument } from '../model/documents.js';
import { defineOperation, namespaceOf } from '../protocol/operation.js';
import { perItem, requiredString } from '../protocol/rules.js';

/** `POST /v1/organizations/documents/add` (and v2): new documents; an existing id fails per item. */
export const add = defineOperation({
  auth: 'apiKey',
  summary: 'Add documents',
  message: 'Document(s) added successfully.',
  schema: z.object({
    organizationId: requiredString(),
    documents: z
      .array(
        z.looseObject({
          documentId: requiredString(),
          documentName: z.string().optional(),
          accessType: z.enum(['public', 'restricted']).optional(),
          disabled: z.boolean().optional(),
        }),
      )
      .min(1),
    folderId: requiredString().optional(),
    createOrganization: z.boolean().optional(),
    createFolder: z.boolean().optional(),
  }),
  run({ data, caller, model }) {
    const ns = namespaceOf(caller);
    const org = ensureOrganization(model, ns, data.organizationId);
    if (data.folderId !== undefined) ensureFolder(model, org, data.folderId);
    const items = data.documents.map((doc) => {
      const outcome = addDocument(model, ns, { organizationId: data.organizationId, folderId: data.folderId, document: doc });
      return [
        doc.documentId,
        outcome.added
          ? { success: true, id: outcome.id, message: 'Added Successfully' }
          : { success: false, id: doc.documentId, message: 'Document already exists', code: 'already-exists' },
      ] as const;
    });
    return { data: perItem(items) };
  },
});

/**
 * `POST /v2/organizations/documents/delete` (and v1): a missing document is still `success: true` (D7); a
 * deleted one takes its user attachments, notifications, fixture comments and shared-editor entries along.
 */
export const remove = defineOperation({
  auth: 'apiKey',
  summary: 'Delete documents',
  message: 'Document(s) deleted successfully.',
  schema: z.object({ organizationId: requiredString(), documentIds: z.array(requiredString()).min(1) }),
  run({ data, caller, model }) {
    const ns = namespaceOf(caller);
    const items = data.documentIds.map((documentId) => {
      const id = deleteDocument(model, ns, { organizationId: data.organizationId, documentId });
      return [
        documentId,
        id !== undefined ? { success: true, id, message: 'Deleted Successfully' } : { success: true, id: documentId, message: 'Document does not exist' },
      ] as const;
    });
    return { data: perItem(items) };
  },
});
