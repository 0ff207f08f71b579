/** Prompt tools and generators (beyond-spec-4 4.1.13–4.1.17): deterministic stand-ins, or a scripted reply. */
import { z } from 'zod';
import { ServiceError } from '../../errors.js';
import { EXTRACT_TYPES, MAX_EXTRACT_BYTES } from '../../model/agents/extract-types.js';
import { loadAgentsEngine } from '../../model/agents/load.js';
import { defineOperation, namespaceOf } from '../../protocol/operation.js';
import { fromBase64 } from '../../support/base64.js';
import { looseProvider, nonBlank, required } from './schemas.js';

const PROVIDERS = new Set(['gemini', 'claude', 'openai']);

/** An unknown provider passes the schema and then fails the model call (INTERNAL). */
function checkProvider(provider: string | undefined): void {
  if (provider !== undefined && !PROVIDERS.has(provider)) throw new ServiceError('INTERNAL', `Unknown provider: ${provider}. Use gemini, claude or openai.`);
}

const field = z.looseObject({
  id: z.string().optional(),
  title: z.string().optional(),
  type: z.string().optional(),
  example: z.string().optional(),
  defaultValue: z.union([z.string(), z.number(), z.boolean()]).optional(),
});
const promptInput = z.looseObject({ prompt: required(), provider: looseProvider, userContextFields: z.array(field).optional() });

/** `POST /v2/agents/prompt/enhance`: is the prompt specific enough, and if not, what to ask. */
export const enhance = defineOperation({
  auth: 'apiKey',
  summary: 'Enhance prompt',
  message: 'Prompt enhanced successfully',
  schema: promptInput,
  run: async ({ data, caller }) => {
    const scripted = (await loadAgentsEngine()).scriptedReply(namespaceOf(caller), 'enhance', data);
    if (scripted) return { data: scripted };
    checkProvider(data.provider);
    return { data: { enhancedPrompt: (await loadAgentsEngine()).enhancePrompt(data.prompt, data.userContextFields ?? []) } };
  },
});

/** `POST /v2/agents/prompt/validate`: a one-line instruction as a structured QA task. */
export const validatePromptOp = defineOperation({
  auth: 'apiKey',
  summary: 'Validate prompt',
  message: 'Prompt validated successfully',
  schema: promptInput,
  run: async ({ data, caller }) => {
    const scripted = (await loadAgentsEngine()).scriptedReply(namespaceOf(caller), 'validate', data);
    if (scripted) return { data: scripted };
    checkProvider(data.provider);
    return { data: { validationResult: (await loadAgentsEngine()).validatePrompt(data.prompt, data.userContextFields ?? []) } };
  },
});

/** `POST /v2/agents/prompt/refine`: the analysis prompt revised from demo feedback. */
export const refine = defineOperation({
  auth: 'apiKey',
  summary: 'Refine prompt',
  message: 'Prompt refined successfully',
  schema: z.looseObject({
    analysisPrompt: required(),
    demoFeedback: z
      .array(z.looseObject({ demoId: required(), demoTitle: required(), demoHtml: required(), demoExpected: required(), feedback: required() }))
      .min(1),
    provider: looseProvider,
  }),
  run: async ({ data, caller }) => {
    const scripted = (await loadAgentsEngine()).scriptedReply(namespaceOf(caller), 'refine', data);
    if (scripted) return { data: scripted };
    checkProvider(data.provider);
    return { data: { refinerResult: (await loadAgentsEngine()).refinePrompt(data.analysisPrompt, data.demoFeedback) } };
  },
});

/** `POST /v2/agents/config/resolve`: strategies for instructions; an unknown provider gets the documented fallback. */
export const resolve = defineOperation({
  auth: 'apiKey',
  summary: 'Resolve agent config',
  message: 'Config resolved successfully',
  schema: z.looseObject({ instructions: required(), rawInstructions: z.string().optional(), provider: looseProvider }),
  run: async ({ data, caller }) => {
    const scripted = (await loadAgentsEngine()).scriptedReply(namespaceOf(caller), 'resolve', data);
    if (scripted) return { data: scripted };
    if (data.provider !== undefined && !PROVIDERS.has(data.provider))
      return { data: { resolvedConfig: structuredClone((await loadAgentsEngine()).RESOLVE_FALLBACK) } };
    return { data: { resolvedConfig: (await loadAgentsEngine()).resolveConfig(data.instructions, data.rawInstructions ?? '') } };
  },
});

/** `POST /v2/agents/extract`: draft agents from a checklist file, kept as a knowledge source. */
export const extract = defineOperation({
  auth: 'apiKey',
  summary: 'Extract agents from a file',
  message: 'Agents parsed successfully',
  schema: z.looseObject({ fileBase64: nonBlank(), mimeType: required(), provider: looseProvider, fileName: z.string().optional() }),
  run: async ({ data, caller, model }) => {
    const ns = namespaceOf(caller);
    const scripted = (await loadAgentsEngine()).scriptedReply(ns, 'extract', data);
    if (scripted) return { data: scripted };
    if (EXTRACT_TYPES[data.mimeType] === undefined) throw new ServiceError('INVALID_ARGUMENT', `Unsupported MIME type: ${data.mimeType}`);
    let bytes: Uint8Array;
    try {
      bytes = fromBase64(data.fileBase64.trim());
    } catch {
      throw new ServiceError('INVALID_ARGUMENT', 'fileBase64 must be base64.');
    }
    if (bytes.length > MAX_EXTRACT_BYTES) throw new ServiceError('INVALID_ARGUMENT', 'File exceeds the 5 MB limit.');
    if (data.provider !== undefined && !PROVIDERS.has(data.provider)) throw new ServiceError('INTERNAL', 'The file produced no readable content.');
    return { data: { extractionResult: (await loadAgentsEngine()).extractAgents(model, ns, { bytes, mimeType: data.mimeType, fileName: data.fileName }) } };
  },
});
