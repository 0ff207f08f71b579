import { z } from 'zod';
import type { ModelContext } from '../model/state/context.js';
import type { Namespace } from '../model/state/entities.js';
import { knownNamespace } from '../model/state/keys.js';
import type { RewriterScript, RewriterState } from '../model/state/records/rewriter.js';
import { validate } from '../protocol/validate.js';
import type { MemoryTarget } from './memory.js';

/** Scripted rewriter outputs and the rewriter's options (the body of `POST /__mock/rewriter/responses`). */
export interface RewriterResponses {
  /** Outputs tried in registration order (after earlier ones); the first whose given conditions all hold answers. */
  responses?: { model?: string | undefined; prompt?: string | undefined; textContains?: string | undefined; text: string }[] | undefined;
  /** `true`: a provider with no stored key uses a built-in one instead of failing (the rewriter overview's behaviour). */
  builtInKeys?: boolean | undefined;
}

/**
 * The rewriter in process (`service.rewriter`): script what `/v2/rewriter/ask-ai` answers.
 * @example service.rewriter.responses({ responses: [{ model: 'gpt-4o', text: 'Rewritten.' }] })
 */
export interface RewriterApi {
  /** Adds scripted outputs and sets options; returns how many scripts the key holds and whether built-in keys are on. */
  responses(body: RewriterResponses, target?: MemoryTarget): { responses: number; builtInKeys: boolean };
}

const body = z.lazy(() =>
  z.strictObject({
    responses: z
      .array(z.strictObject({ model: z.string().min(1).optional(), prompt: z.string().optional(), textContains: z.string().optional(), text: z.string() }))
      .optional(),
    builtInKeys: z.boolean().optional(),
  }),
);

/**
 * Validates a responses body and applies it to a key, all or nothing.
 * @example scriptRewriter(model, ns, { responses: [{ text: 'Rewritten.' }] });
 */
export function scriptRewriter(ctx: ModelContext, ns: Namespace, input: unknown): { responses: number; builtInKeys: boolean } {
  const given = validate(body, input);
  const { undo } = ctx.store;
  if (!ns.rewriter) undo.assign(ns, 'rewriter', { responses: [], builtInKeys: false } satisfies RewriterState);
  const state = ns.rewriter as RewriterState;
  if (given.responses !== undefined) {
    const added = given.responses.map((r) => {
      const script: RewriterScript = { text: r.text };
      if (r.model !== undefined) script.model = r.model;
      if (r.prompt !== undefined) script.prompt = r.prompt;
      if (r.textContains !== undefined) script.textContains = r.textContains;
      return script;
    });
    undo.assign(state, 'responses', [...state.responses, ...added]);
  }
  if (given.builtInKeys !== undefined) undo.assign(state, 'builtInKeys', given.builtInKeys);
  return { responses: state.responses.length, builtInKeys: state.builtInKeys };
}

/** The `service.rewriter` surface bound to one service. @example createRewriterApi(model, () => credentials.apiKey) */
export function createRewriterApi(ctx: ModelContext, defaultApiKey: () => string): RewriterApi {
  return { responses: (given, target) => scriptRewriter(ctx, knownNamespace(ctx, target?.apiKey ?? defaultApiKey()), given) };
}
