import { expect, it } from 'vitest';
import { control } from '../../support/control.js';
import { expectError, fingerprint } from '../../support/expect.js';
import type { Client } from '../../support/transports.js';
import { forEachTransport } from '../../support/transports.js';

const PATH = '/v2/rewriter/ask-ai';

const keys = (c: Client, ...providers: string[]) =>
  c.post('/v2/workspace/apikeyconfig/update', { aiModelApiKey: providers.map((provider) => ({ provider, customerApiKey: `sk-${provider}-0123456789` })) });

async function ask(c: Client, model: string, prompt: string, text: string) {
  const reply = await c.post(PATH, { model, prompt, text });
  expect(reply.status, reply.text).toBe(200);
  expect(Object.keys(reply.body)).toEqual(['result']);
  return reply.body.result;
}

forEachTransport('rewriter ask-ai (beyond-spec-4 4.4.1)', (fresh) => {
  it('answers model-level failures as HTTP 200 results: an unsupported model, then a provider without a stored key', async () => {
    const c = fresh();
    expect(await ask(c, 'llama-3', 'Fix it', 'text')).toEqual({ success: false, error: 'Unsupported model: llama-3' });
    expect(await ask(c, 'o5', 'Fix it', 'text')).toEqual({ success: false, error: 'Unsupported model: o5' });
    expect(await ask(c, 'gpt-4o', 'Fix it', 'text')).toEqual({ success: false, error: 'No API key configured for provider: OpenAI' });
    expect(await ask(c, 'o3-mini', 'Fix it', 'text')).toEqual({ success: false, error: 'No API key configured for provider: OpenAI' });
    expect(await ask(c, 'claude-sonnet-4', 'Fix it', 'text')).toEqual({ success: false, error: 'No API key configured for provider: Anthropic' });
    expect(await ask(c, 'gemini-2.5-pro', 'Fix it', 'text')).toEqual({ success: false, error: 'No API key configured for provider: Gemini' });
  });

  it('reads the keys stored by the API-key config; builtInKeys skips the check', async () => {
    const c = fresh();
    expect((await keys(c, 'anthropic')).status).toBe(200);
    expect(await ask(c, 'claude-sonnet-4', 'Make it uppercase', 'quiet text')).toEqual({ success: true, text: 'QUIET TEXT' });
    expect((await ask(c, 'o1', 'x', 'y')).success).toBe(false);
    await control(c, 'POST', '/__mock/rewriter/responses', { builtInKeys: true });
    expect(await ask(c, 'o1', 'keep', 'y')).toEqual({ success: true, text: 'y' });
  });

  it('transforms deterministically by the prompt’s wording, the documented example unchanged', async () => {
    const c = fresh();
    await keys(c, 'openai');
    expect(await ask(c, 'gpt-4o', 'Fix the grammar and spelling in the following text.', 'Their going to the store to by some apples.')).toEqual({
      success: true,
      text: 'Their going to the store to by some apples.',
    });
    expect((await ask(c, 'gpt-4o', 'Convert to lowercase', 'LOUD Words')).text).toBe('loud words');
    expect((await ask(c, 'gpt-4o', 'Summarize this', 'First point here. Second point! Third?')).text).toBe('First point here.');
    expect((await ask(c, 'gpt-4o', 'Fix spelling', 'teh  the report was was  Definately late.  we recieve it tommorow')).text).toBe(
      'The report was Definitely late. We receive it tomorrow',
    );
    expect((await ask(c, 'gpt-4o', 'Make it more concise', 'This is really just a very quite simple plan.')).text).toBe('This is a simple plan.');
    expect((await ask(c, 'gpt-4o', 'Translate to French', 'Bonjour  reste')).text).toBe('Bonjour  reste');
  });

  it('answers scripted outputs, first match in registration order', async () => {
    const c = fresh();
    await keys(c, 'openai', 'gemini');
    const reply = await control(c, 'POST', '/__mock/rewriter/responses', {
      responses: [
        { model: 'gemini-2.5-pro', text: 'From Gemini.' },
        { prompt: 'Rewrite', textContains: 'apples', text: 'Apples, rewritten.' },
        { text: 'Anything else.' },
      ],
    });
    expect(reply.body).toEqual({ responses: 3, builtInKeys: false });
    expect(await ask(c, 'gemini-2.5-pro', 'Rewrite', 'apples')).toEqual({ success: true, text: 'From Gemini.' });
    expect(await ask(c, 'gpt-4o', 'Rewrite', 'green apples')).toEqual({ success: true, text: 'Apples, rewritten.' });
    expect(await ask(c, 'gpt-4o', 'Rewrite', 'pears')).toEqual({ success: true, text: 'Anything else.' });
    expect(await ask(c, 'llama', 'Rewrite', 'pears')).toEqual({ success: false, error: 'Unsupported model: llama' });
  });

  it('refuses a missing model, prompt or text with INVALID_ARGUMENT, and a bad script body whole', async () => {
    const c = fresh();
    const before = fingerprint(c.service);
    expectError(await c.post(PATH, { prompt: 'p', text: 't' }), 400, 'INVALID_ARGUMENT', 'model is required.');
    expectError(await c.post(PATH, { model: 'gpt-4o', text: 't' }), 400, 'INVALID_ARGUMENT', 'prompt is required.');
    expectError(await c.post(PATH, { model: 'gpt-4o', prompt: 'p', text: ' ' }), 400, 'INVALID_ARGUMENT', 'text is required.');
    expectError(
      await control(c, 'POST', '/__mock/rewriter/responses', { responses: [{ text: 'ok' }, { model: 'gpt-4o' }] }),
      400,
      'INVALID_ARGUMENT',
      'responses[1].text is required.',
    );
    expectError(await control(c, 'POST', '/__mock/rewriter/responses', { replies: [] }), 400, 'INVALID_ARGUMENT', "Unrecognized key(s) in object: 'replies'");
    expect(fingerprint(c.service)).toBe(before);
  });
});
