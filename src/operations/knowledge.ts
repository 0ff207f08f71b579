import { z } from 'zod';
import { UPLOAD_MIME_TYPES } from '../model/knowledge/base.js';
import { UPLOAD_LIMIT_BYTES } from '../model/knowledge/uploads.js';
import { loadSynonyms } from '../model/memory/synonyms.js';
import type { KnowledgeMimeType } from '../model/state/records/knowledge.js';
import { defineOperation, namespaceOf } from '../protocol/operation.js';
import { requiredString } from '../protocol/rules.js';
import { fieldRefusal } from '../protocol/validate.js';
import { fromBase64 } from '../support/base64.js';
import { MAX_QUERY_LENGTH } from './memory.js';

/** The knowledge model, loaded on the first knowledge call. */
const knowledge = () => import('../model/memory/reads.js');

/** The largest inline file: 5 MB (5,242,880 bytes), declared and decoded. */
export const INLINE_LIMIT_BYTES = 5_242_880;

const mimeType = z.enum(UPLOAD_MIME_TYPES);
const fileName = z.string().min(1, { error: 'fileName must be 1 to 255 characters long.' }).max(255, { error: 'fileName must be 1 to 255 characters long.' });
const sourceId = requiredString();

/** `documentId` narrows inside an organization: alone it is refused. */
const DOCUMENT_NEEDS_ORGANIZATION = { error: 'documentId requires organizationId.', path: ['documentId'] };
const scoped = <T extends { organizationId?: string | undefined; documentId?: string | undefined }>(d: T) =>
  d.documentId === undefined || d.organizationId !== undefined;

/** `POST /v2/memory/knowledge/upload-url`: a 15-minute upload slot of up to 30 MB (beyond-spec-4 4.3.4). */
export const uploadUrl = defineOperation({
  auth: 'apiKey',
  summary: 'Get a knowledge upload URL',
  message: null,
  issueDetails: true,
  schema: z
    .strictObject({
      mimeType,
      fileSize: z
        .number()
        .int({ error: 'fileSize must be a whole number of bytes.' })
        .positive({ error: 'fileSize must be at least 1 byte.' })
        .max(UPLOAD_LIMIT_BYTES, { error: `fileSize must be at most ${UPLOAD_LIMIT_BYTES} bytes (30 MB).` }),
      fileName: fileName.optional(),
      organizationId: requiredString().optional(),
      documentId: requiredString().optional(),
    })
    .refine(scoped, DOCUMENT_NEEDS_ORGANIZATION),
  async run({ data, caller, model, baseUrl }) {
    const k = await knowledge();
    const ns = namespaceOf(caller);
    k.admitCall(model, ns, 'uploadUrl');
    return { data: k.mintUploadSlot(model, ns, data, baseUrl) };
  },
});

const inlineIngest = z.strictObject({
  source: z.literal('inline'),
  file: z.strictObject({
    base64: requiredString(),
    mimeType,
    fileName,
    fileSize: z
      .number()
      .int({ error: 'file.fileSize must be a whole number of bytes.' })
      .nonnegative({ error: 'file.fileSize must not be negative.' })
      .max(INLINE_LIMIT_BYTES, { error: 'File exceeds the 5 MB inline limit.' }),
  }),
  organizationId: requiredString().optional(),
  documentId: requiredString().optional(),
});

const refIngest = z.strictObject({
  source: z.literal('fileRef'),
  fileRef: z.string().refine((ref) => ref.startsWith('gs://'), { error: 'fileRef must be a gs:// reference minted by /v2/memory/knowledge/upload-url.' }),
  mimeType,
  organizationId: requiredString().optional(),
  documentId: requiredString().optional(),
});

/** Refuses bytes that are not what their declared type says. */
function sniffer(k: Awaited<ReturnType<typeof knowledge>>) {
  return (bytes: Uint8Array, type: KnowledgeMimeType, path: (string | number)[]): void => {
    if (!k.sniffMatches(bytes, type)) throw fieldRefusal(path, `File content does not match mimeType ${type}.`);
  };
}

/** The bytes of standard base64 text, or a refusal naming the field. */
function decoded(base64: string): Uint8Array {
  const compact = base64.replace(/\s+/g, '');
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(compact) || compact.length % 4 === 1) throw fieldRefusal(['file', 'base64'], 'file.base64 must be standard base64.');
  try {
    return fromBase64(compact);
  } catch {
    throw fieldRefusal(['file', 'base64'], 'file.base64 must be standard base64.');
  }
}

/** `POST /v2/memory/knowledge/ingest`: adds a file inline or by `fileRef`; asynchronous (beyond-spec-4 4.3.5). */
export const ingest = defineOperation({
  auth: 'apiKey',
  summary: 'Ingest a knowledge file',
  message: null,
  issueDetails: true,
  schema: z
    .discriminatedUnion('source', [inlineIngest, refIngest], {
      error: (iss) => {
        if (iss.code !== 'invalid_union') return undefined;
        const source = typeof iss.input === 'object' && iss.input !== null ? (iss.input as { source?: unknown }).source : undefined;
        return source === undefined ? 'source is required.' : 'source must be one of inline, fileRef.';
      },
    })
    .refine(scoped, DOCUMENT_NEEDS_ORGANIZATION),
  async run({ data, caller, model }) {
    const k = await knowledge();
    const sniff = sniffer(k);
    const ns = namespaceOf(caller);
    k.admitCall(model, ns, 'ingest');
    let id: string;
    if (data.source === 'inline') {
      const bytes = decoded(data.file.base64);
      if (bytes.length > INLINE_LIMIT_BYTES) throw fieldRefusal(['file', 'base64'], 'File exceeds the 5 MB inline limit.');
      sniff(bytes, data.file.mimeType, ['file', 'base64']);
      const { organizationId, documentId } = data;
      id = k.ingestFile(model, ns, { fileName: data.file.fileName, mimeType: data.file.mimeType, bytes, organizationId, documentId }).id;
    } else {
      id = k.ingestUpload(model, ns, data, (bytes, type) => sniff(bytes, type, ['fileRef'])).id;
    }
    return { data: { status: 'processing', sourceId: id, message: 'Knowledge ingestion task enqueued.' } };
  },
});

/** `POST /v2/memory/knowledge/ingest-status`: one poll; in `poll` progression it moves the ingestion on (4.3.6). */
export const ingestStatusOp = defineOperation({
  auth: 'apiKey',
  summary: 'Get a knowledge ingestion status',
  message: null,
  issueDetails: true,
  schema: z.strictObject({ sourceId }),
  async run({ data, caller, model, baseUrl }) {
    const k = await knowledge();
    const ns = namespaceOf(caller);
    k.admitCall(model, ns, 'ingestStatus');
    return { data: k.ingestStatus({ ctx: model, ns, baseUrl }, data.sourceId) };
  },
});

/** `POST /v2/memory/knowledge/list`: the 100 newest sources (4.3.7). */
export const list = defineOperation({
  auth: 'apiKey',
  summary: 'List knowledge sources',
  message: null,
  issueDetails: true,
  schema: z.object({}),
  async run({ caller, model, baseUrl }) {
    return { data: (await knowledge()).listSources({ ctx: model, ns: namespaceOf(caller), baseUrl }) };
  },
});

/** `POST /v2/memory/knowledge/download`: the canonical markdown, or `null` (4.3.8). */
export const download = defineOperation({
  auth: 'apiKey',
  summary: 'Download the canonical markdown of a knowledge source',
  message: null,
  issueDetails: true,
  schema: z.object({ sourceId }),
  async run({ data, caller }) {
    return { data: (await knowledge()).downloadMarkdown(namespaceOf(caller), data.sourceId) };
  },
});

/** `POST /v2/memory/knowledge/rules`: the rules extracted from a source (4.3.9). */
export const rules = defineOperation({
  auth: 'apiKey',
  summary: 'List the rules extracted from a knowledge source',
  message: null,
  issueDetails: true,
  schema: z.object({ sourceId }),
  async run({ data, caller }) {
    return { data: (await knowledge()).sourceRules(namespaceOf(caller), data.sourceId) };
  },
});

/** `POST /v2/memory/knowledge/search`: nearest chunks (and rules) of ingested content (4.3.10). */
export const search = defineOperation({
  auth: 'apiKey',
  summary: 'Search the knowledge base',
  message: null,
  issueDetails: true,
  schema: z.strictObject({
    query: z.preprocess(
      (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
      z.string({ error: (issue) => (issue.code === 'invalid_type' ? 'query is required' : undefined) }).max(MAX_QUERY_LENGTH),
    ),
    sourceId: z
      .union([sourceId, z.array(sourceId)], {
        error: (iss) => (iss.code === 'invalid_union' ? 'sourceId must be a string or an array of 2 to 30 strings.' : undefined),
      })
      .superRefine((ids, ctx) => {
        if (Array.isArray(ids) && (ids.length < 2 || ids.length > 30)) {
          ctx.addIssue({ code: 'custom', message: 'sourceId must be one id, or an array of 2 to 30 ids.' });
        }
      })
      .optional(),
    limit: z
      .number()
      .int({ error: 'limit must be an integer from 1 to 50.' })
      .min(1, { error: 'limit must be an integer from 1 to 50.' })
      .max(50, { error: 'limit must be an integer from 1 to 50.' })
      .default(10),
    includeRules: z.boolean({ error: 'includeRules must be true or false.' }).default(false),
  }),
  async run({ data, caller, model }) {
    const k = await knowledge();
    const ns = namespaceOf(caller);
    k.admitCall(model, ns, 'search');
    const sourceIds = data.sourceId === undefined ? undefined : typeof data.sourceId === 'string' ? [data.sourceId] : data.sourceId;
    return { data: k.searchKnowledge(ns, { query: data.query, sourceIds, limit: data.limit, includeRules: data.includeRules }, await loadSynonyms()) };
  },
});

/** `POST /v2/memory/knowledge/update`: new markdown for a rule-based source, its rules re-extracted (4.3.11). */
export const update = defineOperation({
  auth: 'apiKey',
  summary: 'Update a rule-based knowledge source',
  message: null,
  issueDetails: true,
  schema: z.object({ sourceId, newContent: requiredString() }),
  async run({ data, caller, model }) {
    return { data: (await knowledge()).updateSource(model, namespaceOf(caller), data.sourceId, data.newContent) };
  },
});

/** `POST /v2/memory/knowledge/delete`: hard-deletes a source (4.3.12). */
export const remove = defineOperation({
  auth: 'apiKey',
  summary: 'Delete a knowledge source',
  message: null,
  issueDetails: true,
  schema: z.strictObject({ sourceId }),
  async run({ data, caller, model }) {
    const k = await knowledge();
    const ns = namespaceOf(caller);
    k.admitCall(model, ns, 'delete');
    return { data: k.deleteSource(model, ns, data.sourceId) };
  },
});
