import { z } from 'zod';
import { defineOperation, namespaceOf } from '../protocol/operation.js';
import { verbatimString } from '../protocol/rules.js';

/** `POST /v2/rewriter/ask-ai`: rewrites text with the named model, using the key's stored provider keys (4.4.1). */
export const askAi = defineOperation({
  auth: 'apiKey',
  summary: 'Rewrite text with a model',
  message: null,
  schema: z.object({ model: verbatimString('model is required.'), prompt: verbatimString('prompt is required.'), text: verbatimString('text is required.') }),
  async run({ data, caller }) {
    const { rewrite } = await import('../model/memory/reads.js');
    return { data: rewrite(namespaceOf(caller), data) };
  },
});
