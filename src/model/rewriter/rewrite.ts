import { DEFAULT_MISSPELLINGS } from '../agents/rules.js';
import type { Namespace } from '../state/entities.js';
import type { RewriterScript } from '../state/records/rewriter.js';

/** The providers whose keys the API-key config stores (beyond-spec 3.25). */
export type Provider = 'openai' | 'anthropic' | 'gemini';

/** How errors name each provider. */
export const PROVIDER_NAMES: Readonly<Record<Provider, string>> = { openai: 'OpenAI', anthropic: 'Anthropic', gemini: 'Gemini' };

/**
 * The provider of a model name by its prefix: `gpt-`, and the reasoning families `o1`, `o3`, `o4` (alone or followed by
 * `-`), are OpenAI; `claude-` Anthropic; `gemini-` Gemini; anything else none.
 * @example providerOf('o3-mini') // 'openai'
 */
export function providerOf(model: string): Provider | undefined {
  if (model.startsWith('gpt-') || /^o[134](?:-|$)/.test(model)) return 'openai';
  if (model.startsWith('claude-')) return 'anthropic';
  if (model.startsWith('gemini-')) return 'gemini';
  return undefined;
}

const FILLERS = /\b(?:just|really|very|maybe|potentially|basically|actually|literally|quite|simply)\b/gi;

const collapse = (text: string) => text.replace(/\s+/g, ' ').trim();

/** Spelling and grammar: table misspellings fixed (first-letter case kept), repeated words dropped, sentences capitalised. */
function fixText(text: string): string {
  let out = text.replace(/\b[A-Za-z]+\b/g, (word) => {
    const fix = DEFAULT_MISSPELLINGS[word.toLowerCase()];
    if (fix === undefined) return word;
    return word[0] === word[0]?.toUpperCase() ? fix.charAt(0).toUpperCase() + fix.slice(1) : fix;
  });
  out = out.replace(/\b(\w+)(\s+\1\b)+/gi, '$1');
  out = collapse(out);
  return out.replace(/(^|[.!?]\s+)([a-z])/g, (_, before: string, letter: string) => before + letter.toUpperCase());
}

/** The text through its first `.`, `!` or `?` (all of it when it has none). */
function firstSentence(text: string): string {
  const end = /[.!?]/.exec(text);
  return end ? text.slice(0, end.index + 1).trim() : text.trim();
}

/** The deterministic stand-in for the model: a transform chosen by the prompt's wording, else the text as it is. */
export function transform(prompt: string, text: string): string {
  const p = prompt.toLowerCase();
  if (p.includes('uppercase')) return text.toUpperCase();
  if (p.includes('lowercase')) return text.toLowerCase();
  if (p.includes('summar')) return firstSentence(text);
  if (p.includes('spelling') || p.includes('grammar') || p.includes('fix')) return fixText(text);
  if (p.includes('concise') || p.includes('shorten') || p.includes('shorter')) return collapse(text.replace(FILLERS, ''));
  return text;
}

/** What the rewriter answers: a rewrite, or a model-level failure (still HTTP 200). */
export type RewriteResult = { success: true; text: string } | { success: false; error: string };

/** A validated rewriter request. */
export interface RewriteRequest {
  model: string;
  prompt: string;
  text: string;
}

function matches(script: RewriterScript, request: RewriteRequest): boolean {
  return (
    (script.model === undefined || script.model === request.model) &&
    (script.prompt === undefined || script.prompt === request.prompt) &&
    (script.textContains === undefined || request.text.includes(script.textContains))
  );
}

/**
 * Rewrites text like `/v2/rewriter/ask-ai` (beyond-spec-4 4.4.1), never leaving the process: an unknown model or a
 * provider without a stored key is a failed result; a scripted output wins; else the prompt picks a transform.
 * @example rewrite(ns, { model: 'gpt-4o', prompt: 'Make it uppercase', text: 'hi' }) // { success: true, text: 'HI' }
 */
export function rewrite(ns: Namespace, request: RewriteRequest): RewriteResult {
  const provider = providerOf(request.model);
  if (!provider) return { success: false, error: `Unsupported model: ${request.model}` };
  const stored = ns.configs.apiKeyConfig?.aiModels?.[provider];
  if (stored === undefined && !ns.rewriter?.builtInKeys) return { success: false, error: `No API key configured for provider: ${PROVIDER_NAMES[provider]}` };
  const script = ns.rewriter?.responses.find((s) => matches(s, request));
  if (script) return { success: true, text: script.text };
  return { success: true, text: transform(request.prompt, request.text) };
}
