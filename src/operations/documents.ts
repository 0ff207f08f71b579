import { z } from 'zod';
import { ServiceError } from '../errors.js';
import { deleteDocument, documentView, moveDocuments, setDocumentAccess, setDocumentDisabled, updateDocument } from '../model/documents.js';
import { addDocument, ensureFolder, ensureOrganization } from '../model/organizations/organizations.js';
import type { DocumentRecord, OrganizationRecord } from '../model/state/entities.js';
import { decodePageToken, encodePageToken, takePage } from '../protocol/cursors.js';
import { defineOperation, type MissingDocuments, namespaceOf } from '../protocol/operation.js';
import { idList, perItem, requiredString } from '../protocol/rules.js';
import { accessType } from './folders.js';

const PAGE_SIZE = 'pageSize must be a positive integer.';
const NOT_EXIST = 'Document does not exist';

/** The documented 500 `INTERNAL` for partly missing documents, or the same body as 404 when the service opts in. */
function partialFailure(mode: MissingDocuments, message: string, details: unknown): ServiceError {
  return mode === 'notFound' ? new ServiceError('NOT_FOUND', message, details) : new ServiceError('INTERNAL', message, details);
}

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
          accessType: accessType.optional(),
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

/** Documents of the organization in storage order, optionally only those directly in one folder. */
function* inOrganization(org: OrganizationRecord | undefined, folderId: string | undefined): Generator<DocumentRecord> {
  if (!org) return;
  for (const doc of org.documents.values()) if (folderId === undefined || doc.folderId === folderId) yield doc;
}

/**
 * `POST /v2/organizations/documents/get`: paged with `pageToken` beside `data`; named ids that do not exist turn
 * the call into 500 `INTERNAL` with every item in `details`, in request order. v1: no paging, missing ids omitted.
 */
export const get = defineOperation({
  auth: 'apiKey',
  summary: 'Get documents',
  message: 'Document(s) retrieved successfully.',
  schema: z.object({
    organizationId: requiredString(),
    documentIds: idList().optional(),
    folderId: requiredString().optional(),
    pageSize: z.number().int({ error: PAGE_SIZE }).positive({ error: PAGE_SIZE }).optional(),
    pageToken: z.string().optional(),
  }),
  run({ data, caller, version, settings }) {
    const org = namespaceOf(caller).organizations.get(data.organizationId);
    if (data.documentIds !== undefined) {
      const found = data.documentIds.map((id) => org?.documents.get(id));
      if (version === 'v1') return { data: found.filter((d): d is DocumentRecord => d !== undefined).map((d) => documentView(org!, d)) };
      const items = data.documentIds.map((id, i) => {
        const doc = found[i];
        return org && doc ? documentView(org, doc) : { id, success: false, message: NOT_EXIST, code: 'not-found' };
      });
      if (found.some((d) => d === undefined)) throw partialFailure(settings.missingDocuments, 'Error retrieving document(s).', items);
      return { data: items, beside: { pageToken: '' } };
    }
    if (version === 'v1') return { data: [...inOrganization(org, undefined)].map((d) => documentView(org!, d)) };
    const offset = decodePageToken(data.pageToken);
    const { page, more } = takePage(inOrganization(org, data.folderId), offset, data.pageSize ?? 1000);
    return { data: page.map((d) => documentView(org!, d)), beside: { pageToken: more ? encodePageToken(offset + page.length) : '' } };
  },
});

/**
 * `POST /v2/organizations/documents/update` (and v1): renames and custom fields, never creates. A missing document
 * is an inline failure on v1; on v2 it turns the call into 500 `INTERNAL` with the per-item map in `details`.
 */
export const update = defineOperation({
  auth: 'apiKey',
  summary: 'Update documents',
  message: 'Document(s) updated successfully.',
  schema: z.object({
    organizationId: requiredString(),
    documents: z.array(z.looseObject({ documentId: requiredString(), documentName: z.string().optional() })).min(1),
  }),
  run({ data, caller, model, version, settings }) {
    const ns = namespaceOf(caller);
    const org = ns.organizations.get(data.organizationId);
    let missing = false;
    const items = data.documents.map((change) => {
      const doc = org ? updateDocument(model, ns, org, change) : undefined;
      if (!doc) missing = true;
      return [
        change.documentId,
        doc ? { success: true, id: doc.id, message: 'Updated Successfully' } : { success: false, id: change.documentId, message: NOT_EXIST, code: 'not-found' },
      ] as const;
    });
    if (missing && version === 'v2') throw partialFailure(settings.missingDocuments, 'Error updating document(s).', perItem(items));
    return { data: perItem(items) };
  },
});

/** `POST /v2/organizations/documents/move` (and v1): into an existing folder; unknown documents are skipped; no `data`. */
export const move = defineOperation({
  auth: 'apiKey',
  summary: 'Move documents',
  message: 'Documents moved successfully.',
  schema: z.object({ organizationId: requiredString(), documentIds: idList().min(1), folderId: requiredString() }),
  run({ data, caller, model }) {
    const ns = namespaceOf(caller);
    const org = ns.organizations.get(data.organizationId);
    if (!org?.folders.has(data.folderId)) throw new ServiceError('NOT_FOUND', 'Folder not found.');
    moveDocuments(model, ns, org, data.documentIds, data.folderId);
    return {};
  },
});

/** `POST /v2/organizations/documents/access/update` (and v1): `public`, `organizationPrivate` or `restricted`. */
export const updateAccess = defineOperation({
  auth: 'apiKey',
  summary: 'Update document access',
  message: 'Updated access for documents successfully.',
  schema: z.object({ organizationId: requiredString(), documentIds: z.array(requiredString()).min(1), accessType }),
  run({ data, caller, model }) {
    const ns = namespaceOf(caller);
    const org = ns.organizations.get(data.organizationId);
    const items = data.documentIds.map((documentId) => {
      const found = org !== undefined && setDocumentAccess(model, ns, org, documentId, data.accessType);
      return [
        documentId,
        found
          ? { success: true, accessType: data.accessType, message: 'Document access type updated.' }
          : { success: false, accessType: null, message: NOT_EXIST },
      ] as const;
    });
    return { data: perItem(items) };
  },
});

/** `POST /v2/organizations/documents/access/disablestate/update` (and v1): locks end users out; REST keeps working. */
export const updateDisableState = defineOperation({
  auth: 'apiKey',
  summary: 'Enable or disable documents',
  message: 'Updated disable state for documents successfully.',
  schema: z.object({ organizationId: requiredString(), documentIds: z.array(requiredString()).min(1), disabled: z.boolean() }),
  run({ data, caller, model }) {
    const ns = namespaceOf(caller);
    const org = ns.organizations.get(data.organizationId);
    const items = data.documentIds.map((documentId) => {
      const found = org !== undefined && setDocumentDisabled(model, ns, org, documentId, data.disabled);
      return [
        documentId,
        found
          ? { success: true, disabled: data.disabled, message: 'Document disabled state updated.' }
          : { success: false, disabled: data.disabled, message: NOT_EXIST },
      ] as const;
    });
    return { data: perItem(items) };
  },
});
