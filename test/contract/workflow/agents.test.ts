// biome-ignore-all lint/suspicious/noExplicitAny: replies are read as untyped JSON
import { expect, it } from 'vitest';
import { control } from '../../support/control.js';
import { expectSuccess } from '../../support/expect.js';
import type { Client } from '../../support/transports.js';
import { forEachTransport } from '../../support/transports.js';
import { define, dispatch, events, execution, notify, resultOf } from './helpers.js';

const AT = { organizationId: 'org_001', documentId: 'doc_001' } as const;
const PAGE = 'https://example.com/a';

/** A spell-check agent node on the page the trigger context names; a failed run routes to a fix-up notification. */
async function setUp(c: Client, agent: Record<string, unknown> = {}): Promise<void> {
  expectSuccess(await c.post('/v2/organizations/documents/add', { organizationId: AT.organizationId, documents: [{ documentId: AT.documentId }] }));
  await define(c, {
    definitionId: 'copy-check',
    name: 'Copy check',
    nodes: [{ nodeId: 'spell', type: 'agent', config: { agentId: 'spell-check', urlPath: 'page.url', ...agent } }, notify('publish'), notify('fix-up')],
    edges: [
      { from: 'spell', to: 'publish', on: 'approve' },
      { from: 'spell', to: 'fix-up', on: 'reject' },
    ],
  });
}

async function page(c: Client, text: string): Promise<void> {
  expectSuccess(await control(c, 'POST', '/__mock/agents/pages', { url: PAGE, text }));
}

async function advance(c: Client, ms: number): Promise<void> {
  expect((await control(c, 'POST', '/__mock/clock/advance', { ms })).status).toBe(200);
}

const run = (c: Client, extra: Record<string, unknown> = {}) =>
  dispatch(c, 'copy-check', { ...AT, triggerContext: { page: { url: 'example.com/a' } }, ...extra });

forEachTransport('workflow agent steps (4.2.0 F)', (fresh) => {
  it('starts an agent run on the resolved URL, waits, and resumes at the first poll after the run ends', async () => {
    const c = fresh();
    await setUp(c);
    await page(c, 'We recieve teh order.');
    const { executionId } = await run(c);
    const waiting = (await execution(c, executionId)).steps[0];
    expect(waiting).toMatchObject({ nodeType: 'agent', status: 'waiting', output: {} });
    const awaiting = (await events(c, executionId)).events.find((e: any) => e.type === 'step.awaiting-approval');
    const agentExecutionId = awaiting.data.agentExecutionId;
    expect(awaiting.data).toEqual({ agentId: 'spell-check', agentExecutionId, pollIntervalMs: 15_000 });
    const agentRun = expectSuccess(await c.post('/v2/agents/execution/get', { executionId: agentExecutionId }), 'Execution fetched successfully').data
      .execution;
    expect(agentRun).toMatchObject({ trigger: 'workflow', workflowExecutionId: executionId, metadata: AT, config: { seedUrl: PAGE } });
    const t0 = c.service.clock.now();
    await advance(c, 14_999);
    expect((await execution(c, executionId)).steps[0].status).toBe('waiting');
    await advance(c, 1);
    const done = await execution(c, executionId);
    expect(done.steps[0]).toMatchObject({ status: 'failed', completedAt: t0 + 15_000, error: { code: 'agent-run-failed' } });
    expect(done.steps[0].output).toMatchObject({
      agentId: 'spell-check',
      agentExecutionId,
      agentExecutionStatus: 'failed',
      resolvedUrl: PAGE,
      agentDurationMs: 1000,
      summary: 'Agent run failed',
      generatedAt: t0 + 1000,
      decision: 'reject',
      agentResultsSummary: { totalFindings: 2 },
    });
    expect(done.steps.map((s: any) => s.nodeId)).toEqual(['spell', 'fix-up']);
    expect(done.status).toBe('completed');
    const failed = (await events(c, executionId)).events.find((e: any) => e.type === 'step.failed');
    expect(failed.data).toEqual({ agentExecutionId, agentExecutionStatus: 'failed', decision: 'reject', source: 'poll' });
    const threads = expectSuccess(await c.post('/v2/commentannotations/get', { ...AT }), 'Annotation(s) fetched successfully.').data;
    expect(threads).toHaveLength(2);
  });

  it('a clean page passes: the step completes with an approval; the immediate progression resumes within the dispatch', async () => {
    const c = fresh();
    await setUp(c);
    await page(c, 'We receive the order.');
    await control(c, 'POST', '/__mock/workflow/config', { agentSteps: 'immediate' });
    const { executionId } = await run(c);
    const done = await execution(c, executionId);
    expect(done.steps[0]).toMatchObject({ status: 'completed', output: { agentExecutionStatus: 'passed', decision: 'approve' } });
    expect(done.steps.map((s: any) => s.nodeId)).toEqual(['spell', 'publish']);
    expect(done.status).toBe('completed');
  });

  it('a run that cannot start fails the step before dispatch with its own message and an empty output', async () => {
    const c = fresh();
    await setUp(c);
    const failure = async (extra: Record<string, unknown>) => {
      const { executionId } = await run(c, extra);
      const step = (await execution(c, executionId)).steps[0];
      expect(step).toMatchObject({ status: 'failed', output: {} });
      return step.error;
    };
    expect(await failure({ documentId: 'doc_missing' })).toEqual({ code: 'agent-dispatch-failed', message: 'Document not found: doc_missing' });
    expect(await failure({ organizationId: undefined })).toEqual({ code: 'agent-dispatch-failed', message: 'organizationId is required.' });
    resultOf(
      await c.post('/v2/workflow/definitions/update', {
        definitionId: 'copy-check',
        name: 'Copy check',
        nodes: [{ nodeId: 'spell', type: 'agent', config: { agentId: 'no-such-agent', url: PAGE } }, notify('fix-up')],
        edges: [{ from: 'spell', to: 'fix-up', on: 'reject' }],
        ifVersion: 1,
      }),
    );
    expect(await failure({})).toEqual({ code: 'agent-dispatch-failed', message: 'Agent not found: no-such-agent' });
  });

  it('a run that never ends fails the step agent-timeout after agentMaxRuntimeMs; the manual progression waits for an override', async () => {
    const c = fresh();
    await setUp(c, { pollIntervalMs: 5000, agentMaxRuntimeMs: 12_000 });
    await control(c, 'POST', '/__mock/agents/config', { progression: 'manual' });
    const { executionId } = await run(c);
    const t0 = c.service.clock.now();
    await advance(c, 11_000);
    expect((await execution(c, executionId)).steps[0].status).toBe('waiting');
    await advance(c, 1000);
    expect((await execution(c, executionId)).steps[0]).toMatchObject({ status: 'failed', completedAt: t0 + 12_000, error: { code: 'agent-timeout' } });
    await control(c, 'POST', '/__mock/workflow/config', { agentSteps: 'manual' });
    // The first run is still running on doc_001 (one run per agent and document), so this one works on another.
    expectSuccess(await c.post('/v2/organizations/documents/add', { organizationId: AT.organizationId, documents: [{ documentId: 'doc_002' }] }));
    const second = await run(c, { documentId: 'doc_002' });
    await advance(c, 60_000);
    const step = (await execution(c, second.executionId)).steps[0];
    expect(step.status).toBe('waiting');
    resultOf(await c.post('/v2/workflow/steps/resolve', { executionId: second.executionId, stepId: step.stepId, action: 'force-approve', actorId: 'ops' }));
    expect((await execution(c, second.executionId)).steps.map((s: any) => s.nodeId)).toEqual(['spell', 'publish']);
  });
});
