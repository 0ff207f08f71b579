// biome-ignore-all lint/suspicious/noExplicitAny: replies are read as untyped JSON
import { createHmac } from 'node:crypto';
import { expect, it } from 'vitest';
import { control } from '../../support/control.js';
import { expectError, fingerprint } from '../../support/expect.js';
import type { Client } from '../../support/transports.js';
import { forEachTransport } from '../../support/transports.js';
import { decide, define, dispatch, events, execution, expectInvalid, human, mockAgent, notify, resultOf } from './helpers.js';

const HOOK = 'https://hooks.example.com/approve';
const SECRET = 'receiver-secret-0123456789';
const hmac = (body: string) => `sha256=${createHmac('sha256', SECRET).update(body).digest('hex')}`;

/** A run of one webhook node (after a synthetic agent, so it has an input), with the receiver's secret. */
async function hookRun(
  c: Client,
  config: Record<string, unknown> = {},
  node: Record<string, unknown> = {},
  dispatchExtra: Record<string, unknown> = { webhookUrl: 'https://receiver.example.com/events', webhookSecret: SECRET },
): Promise<any> {
  await define(c, {
    definitionId: 'hook-def',
    name: 'Hook',
    nodes: [mockAgent('agent'), { nodeId: 'w', type: 'webhook', config: { url: HOOK, ...config }, ...node }],
    edges: [{ from: 'agent', to: 'w' }],
  });
  const { executionId } = await dispatch(c, 'hook-def', { triggerContext: { ticket: 42 }, ...dispatchExtra });
  return { executionId, run: await execution(c, executionId) };
}

/** Scripts the answers of a URL through the control plane. */
async function script(c: Client, body: Record<string, unknown>): Promise<void> {
  const reply = await control(c, 'POST', '/__mock/workflow/webhook-responses', body);
  expect(reply.status, reply.text).toBe(200);
}

/** Moves the clock through the control plane (timers run at their instants). */
async function advance(c: Client, ms: number): Promise<void> {
  expect((await control(c, 'POST', '/__mock/clock/advance', { ms })).status).toBe(200);
}

forEachTransport('workflow node behaviour (4.2.0 F)', (fresh) => {
  it('a sync webhook posts the signed envelope, records it in the outbox and completes with the scripted answer', async () => {
    const c = fresh();
    const { executionId, run } = await hookRun(c);
    const step = run.steps[1];
    expect(step).toMatchObject({ nodeType: 'webhook', status: 'completed', output: { httpStatus: 200, responseHeaders: {}, responseJson: {} } });
    const [entry] = c.service.workflow.outbox({ kind: 'webhook' });
    const body = JSON.stringify({
      executionId,
      stepId: step.stepId,
      nodeId: 'w',
      definitionId: 'hook-def',
      correlationId: run.correlationId,
      input: { agentId: '__mock__', synthetic: true, decision: 'approve' },
      triggerContext: { ticket: 42 },
    });
    expect(entry?.request).toEqual({ method: 'POST', url: HOOK, headers: { 'content-type': 'application/json', 'x-service-signature': hmac(body) }, body });
    expect(entry?.response).toEqual({ status: 200, headers: {}, body: '{}' });
    const outbox = await control(c, 'GET', `/__mock/workflow/outbox?executionId=${executionId}&kind=webhook`);
    expect(outbox.body.entries).toHaveLength(1);
    expect((await events(c, executionId)).events.find((e: any) => e.stepId === step.stepId && e.type === 'step.completed').data).toEqual({
      nodeType: 'webhook',
    });
  });

  it('a 4xx fails the step terminally; a listed status counts as success; text answers become responseText', async () => {
    const c = fresh();
    await script(c, { url: HOOK, status: 404 });
    const failed = await hookRun(c);
    expect(failed.run.steps[1]).toMatchObject({ status: 'failed', error: { code: 'webhook-http-error', message: `${HOOK} answered 404` } });
    expect(failed.run).toMatchObject({ status: 'failed', failureReason: { code: 'step-failed', message: 'w: webhook-http-error' } });
    const data = (await events(c, failed.executionId)).events.find((e: any) => e.type === 'step.failed').data;
    expect(data).toEqual({ httpStatus: 404, latencyMs: 0, retryClass: 'terminal' });
    const listed = await dispatch(c, 'hook-def');
    expect((await execution(c, listed.executionId)).steps[1].status).toBe('failed');
    resultOf(
      await c.post('/v2/workflow/definitions/update', {
        definitionId: 'hook-def',
        name: 'Hook',
        nodes: [mockAgent('agent'), { nodeId: 'w', type: 'webhook', config: { url: HOOK, expectedStatusCodes: [404] } }],
        edges: [{ from: 'agent', to: 'w' }],
        ifVersion: 1,
      }),
    );
    await script(c, { url: HOOK, status: 404, headers: { 'x-trace': 't1' }, text: 'gone' });
    const ok = await dispatch(c, 'hook-def');
    expect((await execution(c, ok.executionId)).steps[1]).toMatchObject({
      status: 'completed',
      output: { httpStatus: 404, responseHeaders: { 'x-trace': 't1' }, responseText: 'gone' },
    });
  });

  it('a 5xx is retried at +2 s and +8 s on the clock; the step stays running meanwhile', async () => {
    const c = fresh();
    await script(c, { url: HOOK, responses: [{ status: 503 }, { status: 502 }, { status: 200, json: { ok: true } }] });
    const { executionId, run } = await hookRun(c);
    const t0 = c.service.clock.now();
    expect(run.steps[1].status).toBe('running');
    await advance(c, 2000);
    expect((await execution(c, executionId)).steps[1].status).toBe('running');
    await advance(c, 8000);
    const done = await execution(c, executionId);
    expect(done.steps[1]).toMatchObject({ status: 'completed', completedAt: t0 + 10_000, output: { httpStatus: 200, responseJson: { ok: true } } });
    expect(c.service.workflow.outbox({ kind: 'webhook' }).map((e) => [e.at, e.response?.status])).toEqual([
      [t0, 503],
      [t0 + 2000, 502],
      [t0 + 10_000, 200],
    ]);
  });

  it('a 5xx after the last attempt fails the step as retryable; timers also settle lazily on the next call', async () => {
    const c = fresh();
    await script(c, { url: HOOK, status: 500 });
    const { executionId } = await hookRun(c);
    const t0 = c.service.clock.now();
    c.service.clock.advance(60_000);
    const run = await execution(c, executionId);
    expect(run.steps[1]).toMatchObject({ status: 'failed', completedAt: t0 + 10_000, error: { code: 'webhook-retries-exhausted' } });
    expect((await events(c, executionId)).events.find((e: any) => e.type === 'step.failed').data).toEqual({
      httpStatus: 500,
      latencyMs: 0,
      retryClass: 'retryable',
    });
  });

  it('requireNonEmptyOutput fails an empty answer; GET with no body and token auth sends the secret in its header', async () => {
    const c = fresh();
    const empty = await hookRun(c, {}, { requireNonEmptyOutput: true });
    expect(empty.run.steps[1]).toMatchObject({ status: 'failed', error: { code: 'webhook-node-empty-response' } });
    const d = fresh();
    await hookRun(d, { method: 'GET', bodyTemplate: 'none', authMode: 'token', authTokenHeader: 'x-hook-token', requestHeaders: { 'x-tenant': 'acme' } });
    expect(d.service.workflow.outbox({ kind: 'webhook' })[0]?.request).toEqual({
      method: 'GET',
      url: HOOK,
      headers: { 'x-tenant': 'acme', 'x-hook-token': SECRET },
      body: null,
    });
  });

  it('pass-through sends the previous output; authMode none and no receiver secret send no signature', async () => {
    const c = fresh();
    await hookRun(c, { bodyTemplate: 'pass-through', authMode: 'none' }, {}, {});
    expect(c.service.workflow.outbox({ kind: 'webhook' })[0]?.request).toEqual({
      method: 'POST',
      url: HOOK,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ agentId: '__mock__', synthetic: true, decision: 'approve' }),
    });
  });

  it('an async webhook waits for its callback: 202 completes it; a wrong token is 401, an unknown one 404, a late one 409', async () => {
    const c = fresh();
    const { executionId, run } = await hookRun(c, { mode: 'async' });
    const step = run.steps[1];
    expect(step.status).toBe('waiting');
    const request = c.service.workflow.outbox({ kind: 'webhook' })[0]?.request;
    const callback = JSON.parse(request?.body ?? '{}').callback;
    const token = createHmac('sha256', SECRET).update(step.stepId).digest('hex');
    expect(callback).toEqual({ url: `https://collab-service.test/__mock/workflow/callback/${token}`, token, tokenHeader: 'x-service-callback-token' });
    expect((await events(c, executionId)).events.find((e: any) => e.type === 'step.awaiting-approval' && e.stepId === step.stepId).data).toEqual({ url: HOOK });
    const post = (path: string, header: string | undefined, body: unknown) =>
      c.raw({
        method: 'POST',
        path,
        headers: { 'content-type': 'application/json', ...(header === undefined ? {} : { 'x-service-callback-token': header }) },
        body: JSON.stringify(body),
      });
    const path = `/__mock/workflow/callback/${token}`;
    const before = fingerprint(c.service);
    expectError(
      await post(path, 'wrong', { status: 'completed' }),
      401,
      'UNAUTHENTICATED',
      'The x-service-callback-token header does not match the callback URL.',
    );
    expectError(
      await post('/__mock/workflow/callback/nope', 'nope', { status: 'completed' }),
      404,
      'NOT_FOUND',
      'No async webhook step waits for callback token nope.',
    );
    expectInvalid(await post(path, token, { status: 'done' }), 'status must be one of completed, failed.');
    expectInvalid(await post(path, token, { status: 'completed', extra: 1 }), "Unrecognized key(s) in object: 'extra'");
    expect(fingerprint(c.service)).toBe(before);
    const accepted = await post(path, token, { status: 'completed', output: { approved: true } });
    expect([accepted.status, accepted.body]).toEqual([202, { ok: true }]);
    expect(await execution(c, executionId)).toMatchObject({ status: 'completed', steps: [{}, { status: 'completed', output: { approved: true } }] });
    expectError(await post(path, token, { status: 'failed' }), 409, 'ABORTED', `Step ${step.stepId} no longer waits for its callback (completed).`);
  });

  it('an async webhook callback can fail the step; without a receiver secret an async node fails at once', async () => {
    const c = fresh();
    const { executionId, run } = await hookRun(c, { mode: 'async' });
    const token = createHmac('sha256', SECRET).update(run.steps[1].stepId).digest('hex');
    await c.service.workflow.callback(token, { status: 'failed', error: { code: 'upstream-refused', message: 'no' } });
    expect((await execution(c, executionId)).steps[1]).toMatchObject({ status: 'failed', error: { code: 'upstream-refused', message: 'no' } });
    const d = fresh();
    const bare = await hookRun(d, { mode: 'async' }, {}, {});
    expect(bare.run.steps[1]).toMatchObject({ status: 'failed', error: { code: 'webhook-async-requires-secret' } });
  });

  it('Slack notifications: delivered to the target; slack-blocks must render a JSON array; a scripted Slack error fails terminally', async () => {
    const c = fresh();
    const slack = (nodeId: string, config: Record<string, unknown>) => ({
      nodeId,
      type: 'notification',
      config: { channel: 'slack', slackTarget: 'C0123', ...config },
    });
    await define(c, {
      definitionId: 'slack-def',
      name: 'Slack',
      nodes: [
        slack('plain', { bodyTemplate: 'Run {{execution.definitionId}} for {{execution.triggerContext.team}}' }),
        slack('blocks', { bodyTemplate: '{{input.body}}', format: 'slack-blocks' }),
      ],
      edges: [{ from: 'plain', to: 'blocks' }],
    });
    const { executionId } = await dispatch(c, 'slack-def', { triggerContext: { team: 'growth' } });
    const run = await execution(c, executionId);
    expect(run.steps[0].output).toEqual({ channel: 'slack', delivered: 1, body: 'Run slack-def for growth' });
    expect(c.service.workflow.outbox()[0]?.message).toEqual({ channel: 'slack', slackTarget: 'C0123', body: 'Run slack-def for growth', format: 'text' });
    expect(run.steps[1]).toMatchObject({ status: 'failed', error: { code: 'notification-invalid-blocks' } });
    expect((await events(c, executionId)).events.find((e: any) => e.type === 'step.failed').data).toEqual({ channel: 'slack', retryClass: 'terminal' });
    await script(c, { url: 'C0123', status: 200, json: { ok: false, error: 'channel_not_found' } });
    const broken = await dispatch(c, 'slack-def');
    expect((await execution(c, broken.executionId)).steps[0]).toMatchObject({ status: 'failed', error: { code: 'channel_not_found' } });
  });

  it('agent steps: the reserved __mock__ approves at once; a URL the trigger context lacks fails before dispatch', async () => {
    const c = fresh();
    await define(c, {
      definitionId: 'agent-def',
      name: 'Agents',
      nodes: [mockAgent('synthetic'), { nodeId: 'pathless', type: 'agent', config: { agentId: 'spell-check', urlPath: 'page.url' } }],
      edges: [{ from: 'synthetic', to: 'pathless' }],
    });
    const { executionId } = await dispatch(c, 'agent-def');
    const run = await execution(c, executionId);
    expect(run.steps[0].output).toEqual({ agentId: '__mock__', synthetic: true, decision: 'approve' });
    expect(run.steps[1]).toMatchObject({ status: 'failed', output: {}, error: { code: 'agent-url-unresolved' } });
    const types = (await events(c, executionId)).events.map((e: any) => [e.type, e.data]);
    expect(types[1]).toEqual(['step.completed', { agentId: '__mock__', synthetic: true, decision: 'approve' }]);
    expect(types[2]).toEqual(['step.failed', { reason: 'agent-url-unresolved' }]);
  });

  it('SLA: a waiting step is breached at its deadline; a custom edge testing step.status routes the breach; later decisions are refused', async () => {
    const c = fresh();
    await define(c, {
      definitionId: 'sla-def',
      name: 'SLA',
      nodes: [{ ...human('review'), slaMs: 60_000 }, notify('rejected'), notify('escalate')],
      edges: [
        { from: 'review', to: 'rejected', on: 'reject' },
        { from: 'review', to: 'escalate', on: 'custom', when: JSON.stringify({ op: 'eq', args: [{ var: 'step.status' }, 'breached'] }) },
      ],
    });
    const { executionId } = await dispatch(c, 'sla-def');
    const t0 = c.service.clock.now();
    const stepId = (await execution(c, executionId)).steps[0].stepId;
    await advance(c, 59_999);
    expect((await execution(c, executionId)).steps[0].status).toBe('waiting');
    await advance(c, 10_000);
    const run = await execution(c, executionId);
    expect(run.steps.map((s: any) => [s.nodeId, s.status, s.completedAt])).toEqual([
      ['review', 'breached', t0 + 60_000],
      ['escalate', 'completed', t0 + 60_000],
    ]);
    expect(run.status).toBe('completed');
    const breach = (await events(c, executionId)).events.find((e: any) => e.type === 'step.breached');
    expect([breach.timestamp, breach.data]).toEqual([t0 + 60_000, { reason: 'sla-exceeded' }]);
    expectError(
      await c.post('/v2/workflow/steps/recordReviewerDecision', { executionId, stepId, reviewerId: 'u1', decision: 'approve' }),
      400,
      'FAILED_PRECONDITION',
      `Step is not waiting: ${stepId} (breached)`,
    );
  });

  it('SLA: a breached step with no edges fails the run; a running webhook between retries can be breached', async () => {
    const c = fresh();
    await script(c, { url: HOOK, status: 503 });
    const { executionId } = await hookRun(c, {}, { slaMs: 1000 });
    await advance(c, 5000);
    const run = await execution(c, executionId);
    expect(run.steps[1]).toMatchObject({ status: 'breached' });
    expect(run).toMatchObject({ status: 'failed', failureReason: { code: 'step-breached', message: 'w: sla-exceeded' } });
    expect(c.service.workflow.outbox({ kind: 'webhook' })).toHaveLength(1);
  });

  it('a pickup delay leaves scheduled steps pending until the clock reaches it; cancelling the run cancels them', async () => {
    const c = fresh();
    expect((await control(c, 'POST', '/__mock/workflow/config', { pickupDelayMs: 5000 })).body).toMatchObject({ pickupDelayMs: 5000, agentSteps: 'clock' });
    await define(c, { definitionId: 'slow-def', name: 'Slow', nodes: [mockAgent('a'), notify('n')], edges: [{ from: 'a', to: 'n' }] });
    const first = await dispatch(c, 'slow-def');
    expect((await execution(c, first.executionId)).steps).toEqual([expect.objectContaining({ nodeId: 'a', status: 'pending', startedAt: null })]);
    await advance(c, 5000);
    expect((await execution(c, first.executionId)).steps.map((s: any) => s.status)).toEqual(['completed', 'pending']);
    await advance(c, 5000);
    expect(await execution(c, first.executionId)).toMatchObject({ status: 'completed' });
    const second = await dispatch(c, 'slow-def');
    resultOf(await c.post('/v2/workflow/executions/cancel', { executionId: second.executionId }));
    expect((await execution(c, second.executionId)).steps).toEqual([expect.objectContaining({ status: 'cancelled', startedAt: null })]);
    await advance(c, 10_000);
    expect((await execution(c, second.executionId)).steps).toHaveLength(1);
  });

  it('resolve force-complete finishes a running webhook step between its retries', async () => {
    const c = fresh();
    await script(c, { url: HOOK, status: 503 });
    const { executionId, run } = await hookRun(c);
    const stepId = run.steps[1].stepId;
    expectError(
      await c.post('/v2/workflow/steps/resolve', { executionId, stepId, action: 'force-approve', actorId: 'ops' }),
      400,
      'FAILED_PRECONDITION',
      'resolveStep not applied: invalid-state',
    );
    resultOf(await c.post('/v2/workflow/steps/resolve', { executionId, stepId, action: 'force-complete', actorId: 'ops', output: { skipped: true } }));
    await advance(c, 60_000);
    expect((await execution(c, executionId)).steps[1]).toMatchObject({ status: 'completed', output: { skipped: true } });
    expect(c.service.workflow.outbox({ kind: 'webhook' })).toHaveLength(1);
    const decision = await c.post('/v2/workflow/steps/recordReviewerDecision', { executionId, stepId, reviewerId: 'x', decision: 'approve' });
    expectError(decision, 400, 'FAILED_PRECONDITION', `Step is not a human step: ${stepId}`);
    expect(decide).toBeDefined();
  });

  it('cancel step on a running webhook between retries: no more attempts, the run completes', async () => {
    const c = fresh();
    await script(c, { url: HOOK, status: 503 });
    const { executionId, run } = await hookRun(c);
    const stepId = run.steps[1].stepId;
    expect(run.steps[1].status).toBe('running');
    resultOf(await c.post('/v2/workflow/steps/cancel', { executionId, stepId, actorId: 'ops', reason: 'endpoint down' }));
    await advance(c, 60_000);
    const after = await execution(c, executionId);
    expect(after.steps[1]).toMatchObject({ status: 'cancelled' });
    expect(after.status).toBe('completed');
    expect(c.service.workflow.outbox({ kind: 'webhook' })).toHaveLength(1);
  });
});
