// biome-ignore-all lint/suspicious/noExplicitAny: replies are read as untyped JSON
import { expect, it } from 'vitest';
import { expectError, fingerprint } from '../../support/expect.js';
import { forEachTransport } from '../../support/transports.js';
import { decide, define, dispatch, docSignoff, events, execution, expectInvalid, human, mockAgent, notify, resultOf } from './helpers.js';

const LIST = '/v2/workflow/executions/list';
const CANCEL = '/v2/workflow/executions/cancel';

forEachTransport('workflow executions (4.2.6-4.2.10)', (fresh) => {
  it('dispatch answers the run ids; the documented doc-signoff run is running with one waiting human step', async () => {
    const c = fresh();
    await define(c, docSignoff());
    const started = await dispatch(c, 'doc-signoff', { correlationId: 'corr_campaign_42', triggerContext: { documentUrl: 'docs.example.com/a' } });
    const now = c.service.clock.now();
    expect(started).toEqual({
      executionId: expect.stringMatching(new RegExp(`^exec_${now}_[a-z0-9]{8}$`)),
      correlationId: 'corr_campaign_42',
      deduplicated: false,
    });
    const run = await execution(c, started.executionId);
    expect(run).toEqual({
      executionId: started.executionId,
      status: 'running',
      startedAt: now,
      completedAt: null,
      cancelledAt: null,
      definitionId: 'doc-signoff',
      definitionVersion: 1,
      correlationId: 'corr_campaign_42',
      idempotencyKey: `auto:${started.executionId}`,
      failureReason: null,
      steps: [
        {
          stepId: expect.stringMatching(new RegExp(`^step_manager-approval_${now}_[a-z0-9]{6}$`)),
          nodeId: 'manager-approval',
          nodeType: 'human',
          status: 'waiting',
          groupId: null,
          startedAt: now,
          completedAt: null,
          output: { reviewers: [{ userId: 'u_manager', mandatory: true }], reviewerIds: ['u_manager'], reviewerEmails: [], commentBody: null },
          error: null,
        },
      ],
    });
    expect((await dispatch(c, 'doc-signoff')).correlationId).toMatch(/^corr_[A-Za-z0-9]{16}$/);
  });

  it('the approve walk-through numbers its events as documented: getEvents from 0 returns seq 2, 4, 7, 8', async () => {
    const c = fresh();
    await define(c, docSignoff());
    const { executionId } = await dispatch(c, 'doc-signoff');
    const [step] = (await execution(c, executionId)).steps;
    c.service.clock.advance(60_000);
    expect(await decide(c, executionId, step.stepId, 'u_manager', 'approve')).toEqual({ recorded: true, aggregatorStatus: 'resolved', resumeScheduled: true });
    const page = await events(c, executionId);
    const t0 = c.service.clock.now() - 60_000;
    expect(page.executionId).toBe(executionId);
    expect(page.events.map((e: any) => [e.seq, e.type, e.stepId, e.timestamp])).toEqual([
      [2, 'execution.dispatched', null, t0],
      [4, 'step.awaiting-approval', step.stepId, t0],
      [7, 'step.completed', step.stepId, t0 + 60_000],
      [8, 'execution.completed', null, t0 + 60_000],
    ]);
    expect(page.events[0]).toEqual({
      eventId: expect.stringMatching(/^evt_[A-Za-z0-9]{20}$/),
      seq: 2,
      type: 'execution.dispatched',
      stepId: null,
      timestamp: t0,
      correlationId: expect.stringMatching(/^corr_/),
      data: { definitionId: 'doc-signoff', definitionVersion: 1, rootStepIds: [step.stepId] },
    });
    expect(page.events[1].data).toEqual({ waitingForReviewers: 1, mandatoryCount: 1, resumeKey: `human:${step.stepId}` });
    expect(page.events[2].data).toEqual({ aggregatorStatus: 'resolved', nodeType: 'human', decision: 'approve' });
    expect(page.events[3].data).toBeNull();
    expect([page.nextCursor, page.hasMore]).toEqual([8, false]);
    const run = await execution(c, executionId);
    expect(run).toMatchObject({ status: 'completed', completedAt: t0 + 60_000 });
    expect(run.steps[0].output).toMatchObject({
      aggregatorStatus: 'resolved',
      decision: 'approve',
      approved: true,
      resumedAt: t0 + 60_000,
      resumeKey: `human:${step.stepId}`,
    });
  });

  it('getEvents pages by external events: nextCursor is the last scanned seq, hasMore says whether an external one follows', async () => {
    const c = fresh();
    await define(c, docSignoff());
    const { executionId } = await dispatch(c, 'doc-signoff');
    const [step] = (await execution(c, executionId)).steps;
    await decide(c, executionId, step.stepId, 'u_manager', 'reject', 'needs legal');
    const all = await events(c, executionId);
    expect(all.events.map((e: any) => e.type)).toEqual([
      'execution.dispatched',
      'step.awaiting-approval',
      'step.completed',
      'step.completed',
      'execution.completed',
    ]);
    const first = await events(c, executionId, 0, 2);
    expect(first.events.map((e: any) => e.seq)).toEqual([2, 4]);
    expect([first.nextCursor, first.hasMore]).toEqual([4, true]);
    const second = await events(c, executionId, first.nextCursor, 2);
    expect(second.events.map((e: any) => e.seq)).toEqual(all.events.slice(2, 4).map((e: any) => e.seq));
    const last = await events(c, executionId, all.nextCursor);
    expect(last).toEqual({ executionId, events: [], nextCursor: all.nextCursor, hasMore: false });
    expectError(await c.post('/v2/workflow/executions/getEvents', { executionId: 'exec_0_none' }), 404, 'NOT_FOUND', 'Execution not found: exec_0_none');
    expectInvalid(await c.post('/v2/workflow/executions/getEvents', { executionId, sinceSeq: -1 }), /^sinceSeq/);
    expectInvalid(await c.post('/v2/workflow/executions/getEvents', { executionId, pageSize: 501 }), /^pageSize/);
  });

  it('a rejection notifies the author: the notification renders its templates into the outbox', async () => {
    const c = fresh();
    await define(c, docSignoff());
    const { executionId } = await dispatch(c, 'doc-signoff');
    const [step] = (await execution(c, executionId)).steps;
    expect(await decide(c, executionId, step.stepId, 'u_manager', 'reject', 'needs legal')).toEqual({
      recorded: true,
      aggregatorStatus: 'rejected',
      resumeScheduled: true,
    });
    const run = await execution(c, executionId);
    expect(run.status).toBe('completed');
    expect(run.steps[0].output).toMatchObject({
      decision: 'reject',
      approved: false,
      rejectedBy: 'u_manager',
      rejectorMandatory: true,
      rejectionReason: 'needs legal',
    });
    expect(run.steps[1]).toMatchObject({ stepId: `${step.stepId}__to__notify-author`, nodeType: 'notification', status: 'completed' });
    expect(run.steps[1].output).toEqual({ channel: 'email', delivered: 1, subject: 'Step notify-author', body: `Run ${executionId}: reject` });
    expect(c.service.workflow.outbox()).toEqual([
      {
        seq: 0,
        kind: 'notification',
        executionId,
        stepId: `${step.stepId}__to__notify-author`,
        nodeId: 'notify-author',
        at: c.service.clock.now(),
        message: { channel: 'email', recipients: ['team@example.com'], subject: 'Step notify-author', body: `Run ${executionId}: reject`, format: 'text' },
      },
    ]);
  });

  it('an idempotency key replays the original run (deduplicated), even for another definition', async () => {
    const c = fresh();
    await define(c, docSignoff());
    await define(c, docSignoff('other-def'));
    const first = await dispatch(c, 'doc-signoff', { idempotencyKey: 'campaign-42-dispatch' });
    const replay = await dispatch(c, 'other-def', { idempotencyKey: 'campaign-42-dispatch' });
    expect(replay).toEqual({ ...first, deduplicated: true });
    const run = await execution(c, first.executionId);
    expect(run.idempotencyKey).toBe('campaign-42-dispatch');
    expect(resultOf(await c.post(LIST, {})).items).toHaveLength(1);
    // idempotency.suppressed is internal: it takes a seq without appearing.
    const page = await events(c, first.executionId);
    expect(page.events.map((e: any) => e.seq)).toEqual([2, 4]);
    expect(page.nextCursor).toBe(5);
  });

  it('get: an unknown execution is NOT_FOUND', async () => {
    const c = fresh();
    expectError(await c.post('/v2/workflow/executions/get', { executionId: 'exec_1_abcdefgh' }), 404, 'NOT_FOUND', 'Execution not found: exec_1_abcdefgh');
    expectInvalid(await c.post('/v2/workflow/executions/get', {}), 'executionId is required.');
  });

  it('list: newest first with ties by id descending, filters, string cursor = last startedAt when the page is full', async () => {
    const c = fresh();
    await define(c, docSignoff());
    await define(c, { definitionId: 'quick-def', name: 'Quick', nodes: [mockAgent('a')], edges: [] });
    const a = await dispatch(c, 'doc-signoff');
    const b = await dispatch(c, 'doc-signoff');
    c.service.clock.advance(1000);
    const q = await dispatch(c, 'quick-def');
    const tied = [a.executionId, b.executionId].sort().reverse();
    const page = resultOf(await c.post(LIST, { pageSize: 2 }));
    expect(page.items.map((e: any) => e.executionId)).toEqual([q.executionId, tied[0]]);
    expect(page.items[0]).toMatchObject({ status: 'completed', steps: [] });
    expect(page.nextCursor).toBe(String(c.service.clock.now() - 1000));
    // The strict `<` of the cursor skips the other run of the boundary instant (the documented caveat).
    expect(resultOf(await c.post(LIST, { pageSize: 2, cursor: page.nextCursor }))).toEqual({ items: [], nextCursor: null });
    expect(resultOf(await c.post(LIST, { definitionId: 'doc-signoff' })).items.map((e: any) => e.executionId)).toEqual(tied);
    expect(resultOf(await c.post(LIST, { status: 'completed' })).items.map((e: any) => e.executionId)).toEqual([q.executionId]);
    expect(resultOf(await c.post(LIST, { status: 'failed' }))).toEqual({ items: [], nextCursor: null });
    expect(resultOf(await c.post(LIST, { cursor: String(c.service.clock.now()) })).items).toHaveLength(2);
    expectInvalid(await c.post(LIST, { cursor: 'yesterday' }), 'cursor must be the nextCursor of the previous page (a decimal number of milliseconds).');
    expectInvalid(await c.post(LIST, { status: 'waiting' }), 'status must be one of pending, running, completed, failed, cancelled.');
    expectInvalid(await c.post(LIST, { organizationId: 'o' }), "Unrecognized key(s) in object: 'organizationId'");
  });

  it('cancel: open steps cancelled by the system actor, then the run; a second cancel is a no-op with the same cancelledAt', async () => {
    const c = fresh();
    await define(c, docSignoff());
    const { executionId } = await dispatch(c, 'doc-signoff');
    c.service.clock.advance(1000);
    expect(resultOf(await c.post(CANCEL, { executionId, reason: 'superseded' }))).toEqual({ cancelled: true, executionId });
    const run = await execution(c, executionId);
    const cancelledAt = c.service.clock.now();
    expect(run).toMatchObject({ status: 'cancelled', cancelledAt, completedAt: null });
    expect(run.steps[0]).toMatchObject({ status: 'cancelled', completedAt: cancelledAt });
    const tail = (await events(c, executionId)).events.slice(-2);
    expect(tail.map((e: any) => [e.type, e.data])).toEqual([
      ['step.cancelled', { actorId: 'system:execution-cancel', reason: 'superseded' }],
      ['execution.cancelled', { reason: 'superseded' }],
    ]);
    c.service.clock.advance(1000);
    const before = fingerprint(c.service);
    expect(resultOf(await c.post(CANCEL, { executionId }))).toEqual({ cancelled: false, executionId });
    expect(fingerprint(c.service)).toBe(before);
    expect((await execution(c, executionId)).cancelledAt).toBe(cancelledAt);
    expect((await events(c, executionId)).events.filter((e: any) => e.type === 'execution.cancelled')).toHaveLength(1);
  });

  it('cancel of a completed run answers cancelled: false and changes nothing; unknown runs are NOT_FOUND', async () => {
    const c = fresh();
    await define(c, { definitionId: 'quick-def', name: 'Quick', nodes: [mockAgent('a')], edges: [] });
    const { executionId } = await dispatch(c, 'quick-def');
    const before = fingerprint(c.service);
    expect(resultOf(await c.post(CANCEL, { executionId }))).toEqual({ cancelled: false, executionId });
    expect(fingerprint(c.service)).toBe(before);
    expectError(await c.post(CANCEL, { executionId: 'exec_0_missing0' }), 404, 'NOT_FOUND', 'Execution not found: exec_0_missing0');
    expectInvalid(await c.post(CANCEL, { executionId, reason: 'x'.repeat(501) }), /^reason/);
  });

  it('a run stays pinned to its version while the definition changes under it', async () => {
    const c = fresh();
    await define(c, docSignoff());
    const { executionId } = await dispatch(c, 'doc-signoff');
    const v2 = {
      ...docSignoff(),
      nodes: [human('manager-approval', ['u_manager']), notify('notify-author'), notify('notify-approved')],
      edges: [
        { from: 'manager-approval', to: 'notify-author', on: 'reject' },
        { from: 'manager-approval', to: 'notify-approved', on: 'approve' },
      ],
    };
    resultOf(await c.post('/v2/workflow/definitions/update', { ...v2, ifVersion: 1 }));
    const [step] = (await execution(c, executionId)).steps;
    await decide(c, executionId, step.stepId, 'u_manager', 'approve');
    const run = await execution(c, executionId);
    expect(run).toMatchObject({ definitionVersion: 1, status: 'completed' });
    expect(run.steps).toHaveLength(1);
    const next = await dispatch(c, 'doc-signoff');
    expect((await execution(c, next.executionId)).definitionVersion).toBe(2);
  });

  it('a failed step no edge recovers fails the run with failureReason', async () => {
    const c = fresh();
    await define(c, {
      definitionId: 'blocked-def',
      name: 'Blocked',
      nodes: [{ nodeId: 'a', type: 'agent', config: { agentId: 'x', url: 'https://e.com', blocking: true, resolutionPolicy: 'allResolved' } }],
      edges: [],
    });
    const { executionId } = await dispatch(c, 'blocked-def');
    const run = await execution(c, executionId);
    expect(run).toMatchObject({
      status: 'failed',
      completedAt: c.service.clock.now(),
      failureReason: { code: 'step-failed', message: 'a: agent-blocking-not-supported' },
    });
    expect(run.steps[0]).toMatchObject({ status: 'failed', error: { code: 'agent-blocking-not-supported' } });
    expect((await events(c, executionId)).events.map((e: any) => e.type)).toEqual(['execution.dispatched', 'step.failed', 'execution.failed']);
  });

  it('runs of one API key are invisible to another', async () => {
    const c = fresh();
    await define(c, docSignoff());
    const { executionId } = await dispatch(c, 'doc-signoff');
    const created = await c.postWorkspace('/v2/workspace/apikey/create', { ownerEmail: 'owner@example.com', type: 'testing', createAuthToken: true });
    const key = created.body.result.data;
    const headers = { 'x-service-api-key': key.apiKey, 'x-service-auth-token': key.authToken };
    expectError(await c.post('/v2/workflow/executions/get', { executionId }, headers), 404, 'NOT_FOUND', `Execution not found: ${executionId}`);
    expectError(await c.post('/v2/workflow/executions/getEvents', { executionId }, headers), 404, 'NOT_FOUND', `Execution not found: ${executionId}`);
    expectError(await c.post(CANCEL, { executionId }, headers), 404, 'NOT_FOUND', `Execution not found: ${executionId}`);
    expect(resultOf(await c.post(LIST, {}, headers)).items).toEqual([]);
    expectError(
      await c.post('/v2/workflow/executions/dispatch', { definitionId: 'doc-signoff' }, headers),
      404,
      'NOT_FOUND',
      'Definition not found: doc-signoff',
    );
  });

  it('dispatch refuses a stored definition without roots (only an imported state can hold one)', async () => {
    const c = fresh();
    await define(c, docSignoff());
    const record = c.service.model.store.namespace(c.service.credentials.apiKey).workflow?.definitions.get('doc-signoff');
    if (record) record.current.compiled.roots = [];
    const before = fingerprint(c.service);
    expectError(
      await c.post('/v2/workflow/executions/dispatch', { definitionId: 'doc-signoff' }),
      400,
      'FAILED_PRECONDITION',
      'Definition has no root nodes: doc-signoff',
    );
    expect(fingerprint(c.service)).toBe(before);
    expectInvalid(await c.post(LIST, { pageSize: 0 }), /^pageSize/);
  });

  it('a graph whose merges double the steps stops at 5,000 steps and fails the run, instead of running for ever', async () => {
    const c = fresh();
    const nodes: Record<string, unknown>[] = [notify('n0')];
    const edges: Record<string, unknown>[] = [];
    for (let i = 0; i < 30; i++) {
      nodes.push(notify(`a${i}`), notify(`b${i}`), notify(`n${i + 1}`));
      edges.push({ from: `n${i}`, to: `a${i}` }, { from: `n${i}`, to: `b${i}` }, { from: `a${i}`, to: `n${i + 1}` }, { from: `b${i}`, to: `n${i + 1}` });
    }
    await define(c, { definitionId: 'diamonds', name: 'Diamonds', nodes, edges });
    const { executionId } = await dispatch(c, 'diamonds');
    const run = await execution(c, executionId);
    expect(run.steps).toHaveLength(5000);
    expect(run).toMatchObject({ status: 'failed', failureReason: { code: 'too-many-steps' } });
  });
});
