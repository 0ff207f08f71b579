import { expect, it } from 'vitest';
import { control } from '../../support/control.js';
import { expectSuccess } from '../../support/expect.js';
import { forEachTransport } from '../../support/transports.js';
import { AT, advance, getExecution, PAGE, runAgent, seedDocument } from './helpers.js';

forEachTransport('agents end to end', (fresh) => {
  it('runs spell-check on a registered page on the clock, leaves suggestions on the document, and one can be accepted', async () => {
    const c = fresh();
    await seedDocument(c);
    expectSuccess(await control(c, 'POST', '/__mock/agents/pages', { url: PAGE, text: 'We recieve teh order.' }));
    const id = await runAgent(c, 'spell-check');
    expect(id).toBe('exec_1767225600000_spell-check');
    const running = await getExecution(c, id);
    expect(running.execution.status).toBe('running');
    expect(running.execution.completedAt).toBeNull();
    await advance(c, 1000);
    const done = await getExecution(c, id);
    expect(done).toEqual({
      execution: {
        id: 'exec_1767225600000_spell-check',
        agentId: 'spell-check',
        agentName: 'Spell Check',
        metadata: { organizationId: 'org_001', documentId: 'doc_001' },
        config: { seedUrl: 'https://example.com/a', crossPageExecute: false, maxUrlsToProcess: 50, deviceType: 'desktop' },
        status: 'failed',
        startedAt: 1767225600000,
        completedAt: 1767225601000,
        durationMs: 1000,
        trigger: 'standalone',
        workflowExecutionId: null,
        previousExecutionId: null,
        ranBy: { userId: '', name: '', email: '' },
        resultsSummary: {
          totalFindings: 2,
          totalAnnotationsCreated: 2,
          urlsProcessed: 1,
          urlsWithFindings: 1,
          issuesCreated: 2,
          severityCounts: { low: 2 },
          findings: [
            {
              title: 'Spelling mistake: "recieve"',
              description: '"recieve" should be spelled "receive".',
              severity: 'low',
              sourceUrl: 'https://example.com/a',
              issueType: 'spelling',
              url: 'https://example.com/a',
            },
            {
              title: 'Spelling mistake: "teh"',
              description: '"teh" should be spelled "the".',
              severity: 'low',
              sourceUrl: 'https://example.com/a',
              issueType: 'spelling',
              url: 'https://example.com/a',
            },
          ],
          summary: 'Found 2 issues across 1 page. 2 annotations created.',
        },
        llmModel: 'gemini/gemini-3.6-flash',
        tokenUsage: { promptTokens: 506, completionTokens: 130, thoughtsTokens: 0, totalTokens: 636 },
      },
    });
    const threads = expectSuccess(await c.post('/v2/commentannotations/get', { ...AT }), 'Annotation(s) fetched successfully.').data;
    expect(threads).toHaveLength(2);
    const [first] = threads;
    expect(first).toMatchObject({
      type: 'suggestion',
      suggestion: { summary: 'Replace "recieve" with "receive".', status: 'pending' },
      sourceType: 'agent',
      targetElement: { targetText: 'recieve', occurrence: 1 },
      visibilityConfig: { type: 'organizationPrivate', organizationId: 'org_001' },
      pageInfo: { url: PAGE, deviceInfo: { deviceType: 'desktop' } },
      agent: { agentId: 'spell-check', agentType: 'built-in', agentSource: 'service', executionId: id, agentName: 'Spell Check', url: PAGE },
      createdAt: 1767225601000,
    });
    expect(first.comments[0]).toMatchObject({
      commentText: '"recieve" should be spelled "receive".',
      sourceType: 'agent',
      from: { userId: 'system-agent', name: 'Spell Check' },
    });
    const withResults = await getExecution(c, id, true);
    expect(withResults.results[0].agentResult.findings[0].commentId).toBe(first.annotationId);
    expectSuccess(
      await c.post('/v2/commentannotations/update', { ...AT, annotationIds: [first.annotationId], updatedData: { suggestion: { status: 'accepted' } } }),
    );
    // A second run replaces the pending suggestion and keeps the accepted one.
    const second = await runAgent(c, 'spell-check');
    await advance(c, 1000);
    expect((await getExecution(c, second)).execution.previousExecutionId).toBe(id);
    const after = expectSuccess(await c.post('/v2/commentannotations/get', { ...AT })).data;
    expect(after).toHaveLength(3);
    expect(after.map((t: { suggestion: { status: string } }) => t.suggestion.status).sort()).toEqual(['accepted', 'pending', 'pending']);
  });
});
