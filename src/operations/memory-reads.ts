import { z } from 'zod';
import type { MemoryFilters, MemoryPlace } from '../model/memory/filters.js';
import { judgmentIndex } from '../model/memory/index.js';
import { loadSynonyms } from '../model/memory/synonyms.js';
import { defineOperation, namespaceOf } from '../protocol/operation.js';
import { requiredString } from '../protocol/rules.js';

/** Memory reads beyond suggest, loaded on the first such call. */
const reads = () => import('../model/memory/reads.js');

import { JUDGMENT_DECISIONS, MAX_QUERY_LENGTH } from './memory.js';

/** Blank reads as missing, so a blank text fails with the same `invalid_type` issue as an absent one; suggest's length limit holds. */
const requiredText = (message: string) =>
  z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
    z.string({ error: (issue) => (issue.code === 'invalid_type' ? message : undefined) }).max(MAX_QUERY_LENGTH),
  );

const optionalId = requiredString().optional();

/** An instant as ISO-8601 text or epoch milliseconds (a string is parsed by the range check). */
const instant = z.union([z.number().int().nonnegative(), z.string()]);
const toMs = (value: number | string): number => (typeof value === 'number' ? value : Date.parse(value));

/** The metadata filters of search and ask (beyond-spec-4 4.3.0 B). */
const filters = z.object({
  decision: z.enum(JUDGMENT_DECISIONS).optional(),
  judgeType: z.enum(['human', 'agent']).optional(),
  contentType: z.string().optional(),
  reviewerId: z.string().optional(),
  annotationId: optionalId,
  dateRange: z
    .object({ start: instant, end: instant })
    .superRefine((range, ctx) => {
      for (const bound of ['start', 'end'] as const) {
        if (Number.isNaN(toMs(range[bound]))) {
          ctx.addIssue({ code: 'custom', path: [bound], message: `filters.dateRange.${bound} must be an ISO-8601 date or epoch milliseconds.` });
        }
      }
      if (toMs(range.start) > toMs(range.end)) {
        ctx.addIssue({ code: 'custom', path: ['start'], message: 'filters.dateRange.start must not be after filters.dateRange.end.' });
      }
    })
    .optional(),
  excludeDocumentIds: z
    .array(requiredString())
    .min(1, { error: 'filters.excludeDocumentIds must hold 1 to 20 document ids; leave it out to exclude none.' })
    .max(20, { error: 'filters.excludeDocumentIds must hold 1 to 20 document ids.' })
    .optional(),
});

const recencyDays = z
  .number()
  .int({ error: 'recencyDays must be an integer from 1 to 365.' })
  .min(1, { error: 'recencyDays must be an integer from 1 to 365.' })
  .max(365, { error: 'recencyDays must be an integer from 1 to 365.' })
  .optional();

type Filters = z.output<typeof filters>;

/** The filters as the model reads them: dates in milliseconds. */
function modelFilters(given: Filters | undefined): MemoryFilters {
  if (!given) return {};
  const { dateRange, ...rest } = given;
  return dateRange ? { ...rest, dateRange: { start: toMs(dateRange.start), end: toMs(dateRange.end) } } : rest;
}

interface Ids {
  organizationId?: string | undefined;
  orgId?: string | undefined;
  documentId?: string | undefined;
  docId?: string | undefined;
}

/** The client ids of a request, aliases resolved; a document without its organization is ignored (workspace-wide). */
function idsOf(data: Ids): { organizationId?: string; documentId?: string } {
  const organizationId = data.organizationId ?? data.orgId;
  const documentId = data.documentId ?? data.docId;
  if (organizationId === undefined) return {};
  return documentId === undefined ? { organizationId } : { organizationId, documentId };
}

/** The narrowest scope the ids allow, or the one asked for with the ids it keeps. */
function placeOf(ids: { organizationId?: string; documentId?: string }, asked?: MemoryPlace['scope']): MemoryPlace {
  const scope = asked ?? (ids.documentId !== undefined ? 'document' : ids.organizationId !== undefined ? 'organization' : 'apiKey');
  if (scope === 'apiKey') return { scope };
  if (scope === 'organization') return { scope, organizationId: ids.organizationId };
  return { scope, organizationId: ids.organizationId, documentId: ids.documentId };
}

const ANNOTATION_NEEDS_ORGANIZATION = 'filters.annotationId requires organizationId.';

const searchInput = z
  .object({
    query: requiredText('query is required'),
    embeddingType: z.enum(['review', 'content']).default('review'),
    scope: z.enum(['document', 'organization', 'apiKey']).optional(),
    organizationId: optionalId,
    orgId: optionalId,
    documentId: optionalId,
    docId: optionalId,
    limit: z
      .number()
      .int({ error: 'limit must be an integer from 1 to 50.' })
      .min(1, { error: 'limit must be an integer from 1 to 50.' })
      .max(50, { error: 'limit must be an integer from 1 to 50.' })
      .default(10),
    filters: filters.optional(),
    recencyDays,
  })
  .superRefine((data, ctx) => {
    const ids = idsOf(data);
    if (data.filters?.annotationId !== undefined && ids.organizationId === undefined) {
      ctx.addIssue({ code: 'custom', path: ['filters', 'annotationId'], message: ANNOTATION_NEEDS_ORGANIZATION });
    }
    if (data.scope === 'organization' && ids.organizationId === undefined) {
      ctx.addIssue({ code: 'custom', path: ['scope'], message: 'scope organization requires organizationId.' });
    }
    const threadInOrganization = data.filters?.annotationId !== undefined && ids.organizationId !== undefined;
    if (data.scope === 'document' && ids.documentId === undefined && !threadInOrganization) {
      ctx.addIssue({ code: 'custom', path: ['scope'], message: 'scope document requires organizationId and documentId.' });
    }
  });

/**
 * `POST /v2/memory/search`: judgments ranked by the matcher of suggest (its one index, relevance and cut-off) in the
 * request's scope, then narrowed by the metadata filters (beyond-spec-4 4.3.1).
 */
export const search = defineOperation({
  auth: 'apiKey',
  summary: 'Search judgments',
  message: null,
  issueDetails: true,
  schema: searchInput,
  async run({ data, caller, model }) {
    const ns = namespaceOf(caller);
    const place = placeOf(idsOf(data), data.scope);
    const index = judgmentIndex(ns.judgments, await loadSynonyms());
    const request = { ...place, query: data.query, limit: data.limit, filters: modelFilters(data.filters), recencyDays: data.recencyDays };
    return { data: (await reads()).searchJudgments(ns, request, model.clock.now(), index) };
  },
});

/** `POST /v2/memory/ask`: an extractive answer from the relevant judgments and knowledge, with citations (4.3.2). */
export const ask = defineOperation({
  auth: 'apiKey',
  summary: 'Ask decision memory',
  message: null,
  issueDetails: true,
  schema: z
    .object({
      question: requiredText('question is required'),
      organizationId: optionalId,
      orgId: optionalId,
      documentId: optionalId,
      docId: optionalId,
      filters: filters.optional(),
      recencyDays,
    })
    .superRefine((data, ctx) => {
      if (data.filters?.annotationId !== undefined && idsOf(data).organizationId === undefined) {
        ctx.addIssue({ code: 'custom', path: ['filters', 'annotationId'], message: ANNOTATION_NEEDS_ORGANIZATION });
      }
    }),
  async run({ data, caller, model }) {
    const ns = namespaceOf(caller);
    const synonyms = await loadSynonyms();
    const request = { ...placeOf(idsOf(data)), query: data.question, filters: modelFilters(data.filters), recencyDays: data.recencyDays };
    return { data: (await reads()).askMemory(ns, request, model.clock.now(), judgmentIndex(ns.judgments, synonyms), synonyms) };
  },
});

/** `POST /v2/memory/judgments/query`: judgments by metadata only, newest first, no paging (4.3.3). */
export const queryJudgmentsOp = defineOperation({
  auth: 'apiKey',
  summary: 'Query judgments',
  message: null,
  issueDetails: true,
  schema: z
    .object({
      organizationId: optionalId,
      documentId: optionalId,
      decision: z.enum(JUDGMENT_DECISIONS).optional(),
      judgeType: z.enum(['human', 'agent']).optional(),
      contentType: z.string().optional(),
      reviewerId: z.string().optional(),
      annotationId: optionalId,
      limit: z
        .number()
        .int({ error: 'limit must be an integer from 1 to 100.' })
        .min(1, { error: 'limit must be an integer from 1 to 100.' })
        .max(100, { error: 'limit must be an integer from 1 to 100.' })
        .default(20),
    })
    .refine((d) => d.annotationId === undefined || d.organizationId !== undefined, {
      error: 'annotationId requires organizationId.',
      path: ['annotationId'],
    }),
  async run({ data, caller }) {
    const { documentId, ...rest } = data;
    // A document narrows inside an organization only; alone it is ignored.
    return { data: (await reads()).queryJudgments(namespaceOf(caller), data.organizationId === undefined ? rest : { ...rest, documentId }) };
  },
});
