import { z } from 'zod';
import { invalid } from '../errors.js';
import { CRDT_TYPES, toContent } from '../model/crdt/kinds.js';
import { deleteEditors, editorSnapshot, findEditor, listEditors, writeEditor } from '../model/crdt/registry.js';
import type { CrdtType } from '../model/state/entities.js';
import { loadYjs } from '../model/state/yjs.js';
import { defineOperation, namespaceOf } from '../protocol/operation.js';
import { requiredString, verbatimString } from '../protocol/rules.js';

const ids = {
  organizationId: verbatimString('Organization ID is required'),
  documentId: verbatimString('Document ID is required'),
};

const TYPE_MESSAGE = `Type must be one of ${CRDT_TYPES.join(', ')}.`;

/**
 * The fields of add and update in the documented check order (service-facts 3.37): ids, `type`, `data`
 * present, `contentKey`; `data` against `type` comes last, in `run`, once yjs and the XML parser are loaded.
 */
const writeSchema = z
  .object({
    ...ids,
    editorId: verbatimString('Editor ID is required.'),
    type: z.enum(CRDT_TYPES as [CrdtType, ...CrdtType[]], { error: TYPE_MESSAGE }),
    data: z.unknown().refine((value) => value !== undefined && value !== null, { params: { rule: 'required' } }),
    contentKey: z
      .string()
      .refine((key) => key.trim() !== '', { error: 'contentKey must not be empty; omit it for the default key content.' })
      .optional(),
  })
  .transform((input) => {
    const address = { organizationId: input.organizationId, documentId: input.documentId, editorId: input.editorId };
    return { address, contentKey: input.contentKey ?? 'content', type: input.type, data: input.data };
  });

/** A write operation: `update` needs an existing entry, `add` refuses one. */
const writeOp = (mode: 'update' | 'add', summary: string, message: string) =>
  defineOperation({
    auth: 'apiKey',
    summary,
    message,
    schema: writeSchema,
    async run({ data, caller, model }) {
      await loadYjs();
      // The last check: the XML is parsed here, once, before anything is written.
      const checked = toContent(data.type, data.data);
      if ('error' in checked) throw invalid(checked.error);
      writeEditor(model, namespaceOf(caller), { ...data.address, contentKey: data.contentKey, content: checked.content, mode });
      return {};
    },
  });

/** `POST /v2/crdt/update` (spec): replaces an entry's content with CRDT operations; connected clients converge. */
export const update = writeOp('update', 'Replace shared-editor data', 'CRDT data updated successfully.');

/** `POST /v2/crdt/add`: creates an entry (and its organization and document when missing). */
export const add = writeOp('add', 'Add shared-editor data', 'CRDT data added successfully.');

/** `POST /v2/crdt/get`: snapshots of one entry, or of every entry of the document; unknown ones give `[]`. */
export const get = defineOperation({
  auth: 'apiKey',
  summary: 'Get shared-editor data',
  message: 'CRDT data retrieved successfully.',
  schema: z.object({ ...ids, editorId: verbatimString('Editor ID is required.').optional() }),
  async run({ data, caller, model }) {
    await loadYjs();
    const ns = namespaceOf(caller);
    const records =
      data.editorId === undefined
        ? listEditors(model, ns, data.organizationId, data.documentId)
        : [findEditor(model, ns, { organizationId: data.organizationId, documentId: data.documentId, editorId: data.editorId })].filter((r) => r !== undefined);
    return { data: records.map(editorSnapshot) };
  },
});

/** `POST /v2/crdt/delete`: deletes some entries of a document, or all of them when `editorIds` is omitted. */
export const remove = defineOperation({
  auth: 'apiKey',
  summary: 'Delete shared-editor data',
  message: 'CRDT data deleted successfully.',
  schema: z.object({ ...ids, editorIds: z.array(requiredString()).optional() }),
  async run({ data, caller, model }) {
    await loadYjs();
    deleteEditors(model, namespaceOf(caller), { organizationId: data.organizationId, documentId: data.documentId, editorIds: data.editorIds });
    return {};
  },
});
