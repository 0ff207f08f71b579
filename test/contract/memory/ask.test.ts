import { expect, it } from 'vitest';
import { control } from '../../support/control.js';
import { forEachTransport } from '../../support/transports.js';
import { call, inlineText, judge, POLICY, refused } from './helpers.js';

const PATH = '/v2/memory/ask';

const judgment = (decision: string, reasoning: string, userId: string, extra: Record<string, unknown> = {}) => ({
  content: 'Serum ad: "clinically proven to reduce wrinkles"',
  reasoning,
  decision,
  actionUser: { userId },
  ...extra,
});

forEachTransport('ask memory (beyond-spec-4 4.3.2)', (fresh) => {
  it('answers a new workspace with the documented empty result', async () => {
    const c = fresh();
    expect(await call(c, PATH, { question: 'Can we say clinically proven?' })).toEqual({ answer: '', citations: [], confidence: 0, recordsSearched: 0 });
  });

  it('answers from the relevant judgments: the leaning side, the top reasoning, three citations and the confidence formula', async () => {
    const c = fresh();
    await judge(c, [
      judgment('rejected', 'No citation for the clinically proven claim', 'u1'),
      judgment('rejected', 'Clinically proven needs a study', 'u2'),
      judgment('approved', 'Study cited for the clinically proven claim', 'u3'),
      judgment('rejected', 'Clinically proven claim is unsupported here', 'u4'),
    ]);
    const result = await call(c, PATH, { question: 'clinically proven to reduce wrinkles', limit: 1 });
    expect(result.answer).toMatch(/^Reviewers mostly rejected similar items \(3 rejected, 1 approved\)\. The most relevant reasoning: "[^"]+"\.$/);
    expect(result.citations).toHaveLength(3);
    expect(result.recordsSearched).toBe(4);
    // 0.3 + 0.05 × 4 + 0.4 × 1 × 3/4 = 0.8 (the `limit` is ignored: ask sizes its own retrieval).
    expect(result.confidence).toBe(0.8);
    for (const citation of result.citations) expect(Object.keys(citation)).toEqual(['recordId', 'snippet']);
    const stored = c.service.memory.list().map((j) => j.recordId);
    for (const citation of result.citations) expect(stored).toContain(citation.recordId);
  });

  it('words approval and neutral histories as documented', async () => {
    const c = fresh();
    await judge(c, [
      judgment('approved', 'Citation attached for the clinically proven claim', 'u1'),
      judgment('approved', 'Clinically proven with a study', 'u2'),
    ]);
    expect((await call(c, PATH, { question: 'clinically proven wrinkles' })).answer).toMatch(
      /^Reviewers mostly approved similar items \(2 approved, 0 rejected\)\./,
    );
    const d = fresh();
    await judge(d, [judgment('comment', 'Asked legal about the clinically proven claim', 'u1')]);
    const neutral = await call(d, PATH, { question: 'clinically proven wrinkles' });
    expect(neutral.answer).toMatch(/^Reviewers discussed similar items in 1 record without approving or rejecting them\./);
    // agreement 0.5 with no side: 0.3 + 0.05 + 0.4 × 1 × 0.5 = 0.55
    expect(neutral.confidence).toBe(0.55);
  });

  it('adds the best knowledge hit and cites its source; knowledge alone gives agreement 0.3', async () => {
    const c = fresh();
    await control(c, 'POST', '/__mock/memory/knowledge/config', { progression: 'immediate' });
    const { sourceId } = await call(c, '/v2/memory/knowledge/ingest', inlineText('policy.md', POLICY));
    const result = await call(c, PATH, { question: 'Is clinically proven allowed without a citation?' });
    expect(result).toEqual({
      answer: 'Relevant guidance from the knowledge base: "Never describe a product as clinically proven without a citation.".',
      citations: [{ recordId: sourceId, snippet: 'Never describe a product as clinically proven without a citation.' }],
      confidence: 0.42,
      recordsSearched: 0,
    });
  });

  it('narrows by organization and filters like search; annotationId needs organizationId', async () => {
    const c = fresh();
    await judge(c, [
      judgment('rejected', 'No citation for the clinically proven claim', 'u1', { organizationId: 'acme' }),
      judgment('approved', 'Clinically proven with a study', 'u2', { organizationId: 'globex' }),
    ]);
    expect((await call(c, PATH, { question: 'clinically proven', orgId: 'globex' })).answer).toMatch(
      /^Reviewers mostly approved similar items \(1 approved, 0 rejected\)/,
    );
    expect((await call(c, PATH, { question: 'clinically proven', filters: { decision: 'rejected' } })).recordsSearched).toBe(1);
    await refused(c, PATH, { question: 'x', filters: { annotationId: 'a' } }, 'filters.annotationId requires organizationId.', {
      code: 'custom',
      path: ['filters', 'annotationId'],
    });
  });

  it('answers a scripted question with the scripted answer, exactly', async () => {
    const c = fresh();
    const scripted = {
      question: 'May we say clinically proven?',
      answer: 'Only with a citation.',
      citations: [{ recordId: 'act_x', snippet: 'Cite it.' }],
      confidence: 0.9,
    };
    const reply = await control(c, 'POST', '/__mock/memory/ask/answers', { answers: [scripted] });
    expect(reply.body).toEqual({ answers: 1 });
    expect(await call(c, PATH, { question: 'May we say clinically proven?' })).toEqual({
      answer: 'Only with a citation.',
      citations: [{ recordId: 'act_x', snippet: 'Cite it.' }],
      confidence: 0.9,
      recordsSearched: 1,
    });
    expect((await call(c, PATH, { question: 'May we say clinically proven' })).answer).toBe('');
  });

  it('lists every failing field in details.issues, the first one in the message', async () => {
    const c = fresh();
    await refused(c, PATH, {}, 'question is required', { code: 'invalid_type', path: ['question'] });
    await refused(c, PATH, { question: 'x'.repeat(2001) }, 'question can be at most 2000 characters long.', { code: 'too_big', path: ['question'] });
    const reply = await c.post(PATH, { recencyDays: 0, filters: { judgeType: 'x' } });
    expect(reply.body.error.details.issues.map((i: { path: unknown[] }) => i.path)).toEqual([['question'], ['filters', 'judgeType'], ['recencyDays']]);
  });
});
