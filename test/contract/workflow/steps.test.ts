// biome-ignore-all lint/suspicious/noExplicitAny: replies are read as untyped JSON
import { expect, it } from 'vitest';
import { expectError, fingerprint } from '../../support/expect.js';
import type { Client } from '../../support/transports.js';
import { forEachTransport } from '../../support/transports.js';
import { decide, define, dispatch, docSignoff, events, execution, expectInvalid, human, mockAgent, notify, resultOf } from './helpers.js';

const DECIDE = '/v2/workflow/steps/recordReviewerDecision';
const RESOLVE = '/v2/workflow/steps/resolve';
const CANCEL_STEP = '/v2/workflow/steps/cancel';
const AGENT_RESOLUTION = '/v2/workflow/steps/recordAgentResolution';

/** A review by a mandatory legal reviewer, a mandatory brand reviewer and an optional peer; a rejection notifies. */
const panel = () => ({
  definitionId: 'panel-def',
  name: 'Panel review',
  nodes: [
    human('review', [
      { userId: 'legal', mandatory: true },
      { userId: 'brand', mandatory: true },
      { userId: 'peer', mandatory: false },
    ]),
    notify('rejected'),
    notify('approved'),
  ],
  edges: [
    { from: 'review', to: 'rejected', on: 'reject' },
    { from: 'review', to: 'approved', on: 'approve' },
  ],
});

/** Starts a panel run; returns its id and the waiting step's id. */
async function panelRun(c: Client): Promise<{ executionId: string; stepId: string }> {
  await define(c, panel());
  const { executionId } = await dispatch(c, 'panel-def');
  return { executionId, stepId: (await execution(c, executionId)).steps[0].stepId };
}

forEachTransport('workflow steps (4.2.11-4.2.14)', (fresh) => {
  it('resolves only once every mandatory reviewer approved; an optional approval is stored but never resolves alone', async () => {
    const c = fresh();
    const { executionId, stepId } = await panelRun(c);
    expect(await decide(c, executionId, stepId, 'peer', 'approve')).toEqual({ recorded: true, aggregatorStatus: 'pending', resumeScheduled: false });
    expect(await decide(c, executionId, stepId, 'legal', 'approve')).toEqual({ recorded: true, aggregatorStatus: 'pending', resumeScheduled: false });
    expect((await execution(c, executionId)).steps[0].status).toBe('waiting');
    expect(await decide(c, executionId, stepId, 'brand', 'approve')).toEqual({ recorded: true, aggregatorStatus: 'resolved', resumeScheduled: true });
    const run = await execution(c, executionId);
    expect(run.steps[0].output).toEqual({
      reviewers: [
        { userId: 'legal', mandatory: true },
        { userId: 'brand', mandatory: true },
        { userId: 'peer', mandatory: false },
      ],
      reviewerIds: ['legal', 'brand', 'peer'],
      reviewerEmails: [],
      commentBody: null,
      aggregatorStatus: 'resolved',
      approveCount: 3,
      rejectCount: 0,
      totalResponses: 3,
      mandatoryCount: 2,
      mandatoryApproveCount: 2,
      decision: 'approve',
      approved: true,
      resumedAt: c.service.clock.now(),
      resumeKey: `human:${stepId}`,
    });
    expect(run.steps.map((s: any) => s.nodeId)).toEqual(['review', 'approved']);
    expect(run.status).toBe('completed');
  });

  it('the first rejection from anyone, optional or not, rejects; rejectorMandatory says which', async () => {
    const c = fresh();
    const { executionId, stepId } = await panelRun(c);
    await decide(c, executionId, stepId, 'legal', 'approve');
    expect(await decide(c, executionId, stepId, 'peer', 'reject', 'tone')).toEqual({ recorded: true, aggregatorStatus: 'rejected', resumeScheduled: true });
    const run = await execution(c, executionId);
    expect(run.steps[0].output).toMatchObject({
      aggregatorStatus: 'rejected',
      decision: 'reject',
      approved: false,
      rejectedBy: 'peer',
      rejectorMandatory: false,
      rejectionReason: 'tone',
      approveCount: 1,
      rejectCount: 1,
    });
    expect(run.steps.map((s: any) => s.nodeId)).toEqual(['review', 'rejected']);
  });

  it('answers recorded: false for an unknown responder, a repeated reviewer and a closed aggregator, storing nothing', async () => {
    const c = fresh();
    const { executionId, stepId } = await panelRun(c);
    let before = fingerprint(c.service);
    expect(await decide(c, executionId, stepId, 'stranger', 'approve')).toEqual({
      recorded: false,
      aggregatorStatus: 'pending',
      resumeScheduled: false,
      rejectionReason: 'unknown-responder',
    });
    expect(fingerprint(c.service)).toBe(before);
    await decide(c, executionId, stepId, 'legal', 'approve');
    before = fingerprint(c.service);
    expect(await decide(c, executionId, stepId, 'legal', 'reject')).toEqual({
      recorded: false,
      aggregatorStatus: 'pending',
      resumeScheduled: false,
      rejectionReason: 'idempotent',
    });
    expect(fingerprint(c.service)).toBe(before);
    await decide(c, executionId, stepId, 'brand', 'reject');
    before = fingerprint(c.service);
    expect(await decide(c, executionId, stepId, 'peer', 'approve')).toEqual({
      recorded: false,
      aggregatorStatus: 'rejected',
      resumeScheduled: false,
      rejectionReason: 'already-terminal',
    });
    expect(fingerprint(c.service)).toBe(before);
  });

  it('records the decision events internally: only step.completed is returned', async () => {
    const c = fresh();
    const { executionId, stepId } = await panelRun(c);
    await decide(c, executionId, stepId, 'legal', 'approve');
    const page = await events(c, executionId);
    expect(page.events.map((e: any) => e.type)).toEqual(['execution.dispatched', 'step.awaiting-approval']);
    expect(page.nextCursor).toBe(5);
  });

  it('refuses decisions on unknown runs and steps, non-human steps and steps that are not waiting', async () => {
    const c = fresh();
    const { executionId, stepId } = await panelRun(c);
    const before = fingerprint(c.service);
    const post = (data: Record<string, unknown>) => c.post(DECIDE, { executionId, stepId, reviewerId: 'legal', decision: 'approve', ...data });
    expectError(await post({ executionId: 'exec_0_nothere' }), 404, 'NOT_FOUND', 'Execution not found: exec_0_nothere');
    expectError(await post({ stepId: 'step_x' }), 404, 'NOT_FOUND', 'Step not found: step_x');
    expectInvalid(await post({ decision: 'maybe' }), 'decision must be one of approve, reject.');
    expectInvalid(await post({ reviewerId: undefined }), 'reviewerId is required.');
    expectInvalid(await post({ reason: 'x'.repeat(2001) }), /^reason/);
    expect(fingerprint(c.service)).toBe(before);
    await define(c, { definitionId: 'quick-def', name: 'Quick', nodes: [mockAgent('a')], edges: [] });
    const quick = await dispatch(c, 'quick-def');
    const agentStep = (await execution(c, quick.executionId)).steps[0].stepId;
    expectError(await post({ executionId: quick.executionId, stepId: agentStep }), 400, 'FAILED_PRECONDITION', `Step is not a human step: ${agentStep}`);
    resultOf(await c.post(CANCEL_STEP, { executionId, stepId, actorId: 'ops' }));
    // A cancelled human step: its aggregator never closed, so the step state answers.
    expectError(await post({}), 400, 'FAILED_PRECONDITION', `Step is not waiting: ${stepId} (cancelled)`);
  });

  const overrides: [string, Record<string, unknown>, Record<string, unknown>, string][] = [
    ['force-approve', { note: 'x', decision: 'mine' }, { note: 'x', decision: 'approve', approved: true, approvalReply: 'ops call' }, 'approved'],
    ['force-reject', {}, { decision: 'reject', approved: false, approvalReply: 'ops call' }, 'rejected'],
    ['reviewer-approve', {}, { decision: 'approve', approved: true, approvalReply: 'ops call' }, 'approved'],
    ['reviewer-reject', {}, { decision: 'reject', approved: false, approvalReply: 'ops call' }, 'rejected'],
    ['force-complete', { overriddenAt: 1, done: true }, { overriddenAt: 1, done: true }, ''],
  ];
  for (const [action, output, expected, next] of overrides) {
    it(`resolve ${action}: the step completes with the documented output, step.overridden is internal, the aggregator closes`, async () => {
      const c = fresh();
      const { executionId, stepId } = await panelRun(c);
      const actorId = action.startsWith('reviewer-') ? 'brand' : 'ops-admin';
      expect(resultOf(await c.post(RESOLVE, { executionId, stepId, action, actorId, output, reason: 'ops call' }))).toEqual({
        resolved: true,
        executionId,
        stepId,
        action,
      });
      const run = await execution(c, executionId);
      expect(run.steps[0]).toMatchObject({ status: 'completed', completedAt: c.service.clock.now() });
      expect(run.steps[0].output).toEqual({ overriddenAt: c.service.clock.now(), ...expected });
      expect(run.steps.slice(1).map((s: any) => s.nodeId)).toEqual(next === '' ? [] : [next]);
      expect((await decide(c, executionId, stepId, 'legal', 'approve')).rejectionReason).toBe('already-terminal');
      expect((await events(c, executionId)).events.map((e: any) => e.type)).not.toContain('step.overridden');
    });
  }

  it('resolve force-fail fails the step with the caller output; on a running webhook step force-complete is allowed', async () => {
    const c = fresh();
    const { executionId, stepId } = await panelRun(c);
    resultOf(await c.post(RESOLVE, { executionId, stepId, action: 'force-fail', actorId: 'ops', output: { why: 'x' } }));
    const run = await execution(c, executionId);
    expect(run.steps[0]).toMatchObject({ status: 'failed', output: { why: 'x', overriddenAt: c.service.clock.now() }, error: { code: 'force-fail' } });
    expect(run).toMatchObject({ status: 'failed', failureReason: { code: 'step-failed', message: 'review: force-fail' } });
  });

  it('resolve refuses with the documented statuses, in the documented order', async () => {
    const c = fresh();
    const { executionId, stepId } = await panelRun(c);
    const before = fingerprint(c.service);
    const post = (data: Record<string, unknown>) => c.post(RESOLVE, { executionId, stepId, actorId: 'legal', action: 'force-approve', ...data });
    expectError(await post({ stepId: 'step_x' }), 400, 'FAILED_PRECONDITION', 'resolveStep not applied: step-not-found');
    expectError(await post({ executionId: 'exec_0_nothere' }), 400, 'FAILED_PRECONDITION', 'resolveStep not applied: step-not-found');
    expectError(await post({ stepId: 'step_x', action: 'reviewer-approve' }), 404, 'NOT_FOUND', 'Step not found: step_x');
    expectError(await post({ action: 'reviewer-approve', actorId: 'stranger' }), 403, 'PERMISSION_DENIED', 'actorId is not a declared reviewer of this step');
    expectInvalid(await post({ action: 'force-maybe' }), /^action must be one of force-approve/);
    expectInvalid(await post({ actorId: '' }), 'actorId is required.');
    expect(fingerprint(c.service)).toBe(before);
    await define(c, { definitionId: 'quick-def', name: 'Quick', nodes: [mockAgent('a')], edges: [] });
    const quick = await dispatch(c, 'quick-def');
    const agentStep = (await execution(c, quick.executionId)).steps[0].stepId;
    expectError(
      await post({ executionId: quick.executionId, stepId: agentStep, action: 'reviewer-approve' }),
      400,
      'FAILED_PRECONDITION',
      'resolveStep not applied: not-human-step',
    );
    expectError(await post({ executionId: quick.executionId, stepId: agentStep }), 400, 'FAILED_PRECONDITION', 'resolveStep not applied: step-terminal');
  });

  it('cancel step: the step only, with the actor on step.cancelled; a run whose last open step it was completes', async () => {
    const c = fresh();
    const { executionId, stepId } = await panelRun(c);
    expect(resultOf(await c.post(CANCEL_STEP, { executionId, stepId, actorId: 'ops', reason: 'duplicate' }))).toEqual({ cancelled: true, executionId, stepId });
    const run = await execution(c, executionId);
    expect(run.steps).toHaveLength(1);
    expect(run).toMatchObject({ status: 'completed', failureReason: null });
    expect((await events(c, executionId)).events.slice(-2).map((e: any) => [e.type, e.data ?? null])).toEqual([
      ['step.cancelled', { actorId: 'ops', reason: 'duplicate' }],
      ['execution.completed', null],
    ]);
    const before = fingerprint(c.service);
    expectError(await c.post(CANCEL_STEP, { executionId, stepId, actorId: 'ops' }), 400, 'FAILED_PRECONDITION', `Step is already terminal: ${stepId}`);
    expectError(await c.post(CANCEL_STEP, { executionId, stepId: 'step_x', actorId: 'ops' }), 404, 'NOT_FOUND', 'Step not found: step_x');
    expectError(await c.post(CANCEL_STEP, { executionId: 'exec_0_nothere', stepId, actorId: 'ops' }), 404, 'NOT_FOUND', 'Execution not found: exec_0_nothere');
    expectInvalid(await c.post(CANCEL_STEP, { executionId, stepId }), 'actorId is required.');
    expectInvalid(await c.post(CANCEL_STEP, { executionId, stepId, actorId: 'x'.repeat(257) }), /^actorId/);
    expect(fingerprint(c.service)).toBe(before);
  });

  it('recordAgentResolution: NOT_FOUND for unknown ids, FAILED_PRECONDITION for every existing step', async () => {
    const c = fresh();
    const { executionId, stepId } = await panelRun(c);
    const post = (data: Record<string, unknown>) =>
      c.post(AGENT_RESOLUTION, { executionId, stepId, responseId: 'r1', resolution: 'resolved', actorId: 'ops', ...data });
    const before = fingerprint(c.service);
    expectError(await post({}), 400, 'FAILED_PRECONDITION', `Step is not a blocking agent step: ${stepId}`);
    expectError(await post({ stepId: 'step_x' }), 404, 'NOT_FOUND', 'Step not found: step_x');
    expectError(await post({ executionId: 'exec_0_nothere' }), 404, 'NOT_FOUND', 'Execution not found: exec_0_nothere');
    expectInvalid(await post({ resolution: 'maybe' }), 'resolution must be one of resolved, rejected.');
    expectInvalid(await post({ responseId: 'x'.repeat(201) }), /^responseId/);
    expect(fingerprint(c.service)).toBe(before);
  });

  it('a decision on one key cannot reach a run of another', async () => {
    const c = fresh();
    const { executionId, stepId } = await panelRun(c);
    const created = await c.postWorkspace('/v2/workspace/apikey/create', { ownerEmail: 'owner@example.com', type: 'testing', createAuthToken: true });
    const key = created.body.result.data;
    const headers = { 'x-service-api-key': key.apiKey, 'x-service-auth-token': key.authToken };
    expectError(
      await c.post(DECIDE, { executionId, stepId, reviewerId: 'legal', decision: 'approve' }, headers),
      404,
      'NOT_FOUND',
      `Execution not found: ${executionId}`,
    );
    expectError(
      await c.post(RESOLVE, { executionId, stepId, actorId: 'x', action: 'force-approve' }, headers),
      400,
      'FAILED_PRECONDITION',
      'resolveStep not applied: step-not-found',
    );
    expectError(await c.post(CANCEL_STEP, { executionId, stepId, actorId: 'x' }, headers), 404, 'NOT_FOUND', `Execution not found: ${executionId}`);
    expect((await execution(c, executionId)).steps[0].status).toBe('waiting');
  });

  it('legacy reviewerIds make every reviewer mandatory', async () => {
    const c = fresh();
    await define(c, {
      ...docSignoff('legacy-def'),
      nodes: [
        { nodeId: 'manager-approval', type: 'human', config: { reviewerIds: ['a', 'b'], reviewerEmails: ['a@example.com'], commentBody: 'Please review' } },
        notify('notify-author'),
      ],
    });
    const { executionId } = await dispatch(c, 'legacy-def');
    const [step] = (await execution(c, executionId)).steps;
    expect(step.output).toEqual({
      reviewers: [
        { userId: 'a', mandatory: true },
        { userId: 'b', mandatory: true },
      ],
      reviewerIds: ['a', 'b'],
      reviewerEmails: ['a@example.com'],
      commentBody: 'Please review',
    });
    expect((await decide(c, executionId, step.stepId, 'a', 'approve')).aggregatorStatus).toBe('pending');
    expect((await decide(c, executionId, step.stepId, 'b', 'approve')).aggregatorStatus).toBe('resolved');
  });
});
