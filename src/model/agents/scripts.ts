/** Scripted replies of the prompt and generator operations (beyond-spec-4 4.1.13–4.1.17), matched on their exact input. */
import { type ErrorStatus, ServiceError } from '../../errors.js';
import type { ModelContext } from '../state/context.js';
import type { Namespace } from '../state/entities.js';
import type { PromptScriptRecord } from '../state/records/agents.js';
import { agentsForWrite, agentsOf } from './state.js';

/** JSON with object keys sorted at every level, so equal inputs compare equal whatever their key order. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (typeof value === 'object' && value !== null) {
    const entries = Object.keys(value)
      .sort()
      .filter((k) => (value as Record<string, unknown>)[k] !== undefined)
      .map((k) => `${JSON.stringify(k)}:${canonicalJson((value as Record<string, unknown>)[k])}`);
    return `{${entries.join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/** The key an input is matched on: its `data` without `provider`. */
function matchKey(data: Record<string, unknown>): string {
  const { provider: _provider, ...rest } = data;
  return canonicalJson(rest);
}

/**
 * Adds (or replaces, for the same operation and input) a scripted reply.
 * @example addPromptScript(ctx, ns, { operation: 'enhance', match: { prompt: 'x' }, reply: { enhancedPrompt: { requirement: null } } })
 */
export function addPromptScript(
  ctx: ModelContext,
  ns: Namespace,
  input: { operation: PromptScriptRecord['operation']; match: Record<string, unknown>; reply: Record<string, unknown> },
): PromptScriptRecord {
  const state = agentsForWrite(ctx, ns);
  const match = matchKey(input.match);
  const error = input.reply['error'] as { status: string; message: string } | undefined;
  const record: PromptScriptRecord = {
    operation: input.operation,
    match,
    reply:
      error !== undefined && Object.keys(input.reply).length === 1
        ? { error: { status: error.status, message: error.message } }
        : { data: structuredClone(input.reply) },
  };
  const kept = state.scripts.filter((s) => !(s.operation === record.operation && s.match === match));
  ctx.store.undo.assign(state, 'scripts', [...kept, record]);
  return record;
}

/**
 * The scripted reply for an operation's input: its `data`, or the error it throws; undefined when none matches.
 * @example const scripted = scriptedReply(ns, 'enhance', data); if (scripted) return { data: scripted };
 */
export function scriptedReply(ns: Namespace, operation: PromptScriptRecord['operation'], data: Record<string, unknown>): Record<string, unknown> | undefined {
  const scripts = agentsOf(ns).scripts;
  if (scripts.length === 0) return undefined;
  const key = matchKey(data);
  const found = scripts.find((s) => s.operation === operation && s.match === key);
  if (!found) return undefined;
  if ('error' in found.reply) throw new ServiceError(found.reply.error.status as ErrorStatus, found.reply.error.message);
  return structuredClone(found.reply.data);
}
