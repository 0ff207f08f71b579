/** The inputs of `/__mock/agents/*` and `service.agents`, checked whole before anything is stored (strict bodies). */
import { z } from 'zod';
import { EXECUTION_ERROR_CODES } from '../model/agents/catalogue.js';
import { strict } from '../operations/agents/schemas.js';

const failCode = z.enum(EXECUTION_ERROR_CODES);
const provider = z.enum(['gemini', 'claude', 'openai']);

/** The settings `configure` takes; every field optional. */
export const agentsConfigInput = strict({
  apiKey: z.string().optional(),
  progression: z.enum(['clock', 'immediate', 'manual']).optional(),
  perUrlMs: z.int().min(1).max(86_400_000).optional(),
  customAgentLimit: z.int().min(0).max(100_000).optional(),
  credits: z.int().min(0).nullable().optional(),
  defaultProvider: provider.optional(),
  profanityWords: z.array(z.string().min(1)).max(1000).optional(),
  misspellings: z.record(z.string().min(1), z.string()).nullable().optional(),
});

const page = strict({
  url: z.string().refine((u) => URL.canParse(u), { params: { rule: 'phrase', phrase: 'must be a valid absolute URL' } }),
  html: z.string().optional(),
  text: z.string().optional(),
  status: z.int().min(100).max(599).optional(),
  fail: failCode.optional(),
  contentType: z.string().optional(),
});
/** Pages as a list. */
export const pagesInput = strict({ apiKey: z.string().optional(), pages: z.array(page).min(1).max(10_000) });
/** One page's fields. */
export const pageInput = page.extend({ apiKey: z.string().optional() });

const findingsEntry = strict({
  agentId: z.string().min(1),
  url: z.string().min(1).optional(),
  findings: z.array(z.record(z.string(), z.unknown())).max(1000).default([]),
  status: z.enum(['passed', 'failed', 'partial', 'error']).optional(),
  fail: failCode.optional(),
  once: z.boolean().default(false),
});
/** Scripted findings as a list. */
export const findingsInput = strict({ apiKey: z.string().optional(), entries: z.array(findingsEntry).min(1).max(1000) });
/** One scripted findings entry's fields. */
export const findingsEntryInput = findingsEntry.extend({ apiKey: z.string().optional() });

/** A manual completion: the execution, and optionally what its remaining URLs yield. */
export const completeInput = strict({
  apiKey: z.string().optional(),
  executionId: z.string().min(1),
  outcome: strict({
    findings: z.array(z.record(z.string(), z.unknown())).max(1000).optional(),
    fail: failCode.optional(),
    status: z.enum(['passed', 'failed', 'partial', 'error']).optional(),
  }).optional(),
});

const usageRecord = strict({
  agentId: z.string().min(1),
  model: z.string().refine((m) => /^(gemini|claude|openai)\/[^/]+$/.test(m), {
    params: { rule: 'phrase', phrase: 'must be <provider>/<model>, e.g. gemini/gemini-3.6-flash' },
  }),
  year: z.string().refine((y) => /^\d{4}$/.test(y), { params: { rule: 'phrase', phrase: 'must match ^\\d{4}$' } }),
  month: z.string().refine((m) => /^(0[1-9]|1[0-2])$/.test(m), { params: { rule: 'phrase', phrase: 'must match ^(0[1-9]|1[0-2])$' } }),
  requestCount: z.int().min(0).default(1),
  promptTokens: z.int().min(0).default(0),
  completionTokens: z.int().min(0).default(0),
  thoughtsTokens: z.int().min(0).default(0),
});
export const usageInput = strict({ apiKey: z.string().optional(), records: z.array(usageRecord).min(1).max(10_000) });

/** A scripted error reply: a documented status and a message. */
const errorReply = strict({
  error: strict({
    status: z.enum(['INVALID_ARGUMENT', 'FAILED_PRECONDITION', 'NOT_FOUND', 'RESOURCE_EXHAUSTED', 'INTERNAL', 'UNAVAILABLE', 'DEADLINE_EXCEEDED']),
    message: z.string(),
  }),
});

const scriptEntry = strict({
  operation: z.enum(['enhance', 'validate', 'refine', 'resolve', 'extract']),
  match: z.record(z.string(), z.unknown()),
  // A reply that names only `error` is the scripted error and must be one; any other object is the `data` answered.
  reply: z.record(z.string(), z.unknown()).superRefine((reply, ctx) => {
    if (!Object.hasOwn(reply, 'error') || Object.keys(reply).length !== 1) return;
    // Added without their message, so the refusal words them like every other issue, under the whole path.
    for (const { message: _, ...issue } of errorReply.safeParse(reply).error?.issues ?? []) ctx.addIssue(issue as Parameters<typeof ctx.addIssue>[0]);
  }),
});
export const scriptsInput = strict({ apiKey: z.string().optional(), scripts: z.array(scriptEntry).min(1).max(1000) });
