// biome-ignore-all lint/suspicious/noExplicitAny: replies are read as untyped JSON
import { expect, it } from 'vitest';
import type { Client } from '../../support/transports.js';
import { forEachTransport } from '../../support/transports.js';
import { decide, define, dispatch, events, execution, human, mockAgent, notify, resultOf } from './helpers.js';

const group = (extra: Record<string, unknown> = {}) => ({ groupId: 'g', memberNodeIds: ['h1', 'h2'], expectedSteps: 2, quorum: 2, ...extra });
const G = { kind: 'group', groupId: 'g' } as const;

/** The waiting step of a node in a run. */
async function waiting(c: Client, executionId: string, nodeId: string): Promise<string> {
  const run = await execution(c, executionId);
  return [...run.steps].reverse().find((s: any) => s.nodeId === nodeId && s.status === 'waiting').stepId;
}

forEachTransport('workflow groups and loops (4.2.0 H)', (fresh) => {
  it('waitAll: members fire their own edges; when all are done the group branches once, approve iff every member approved', async () => {
    const c = fresh();
    await define(c, {
      definitionId: 'wait-all',
      name: 'Wait all',
      nodes: [mockAgent('start'), human('h1', ['a']), human('h2', ['b']), notify('h1-done'), notify('publish'), notify('rework')],
      edges: [
        { from: 'start', to: G },
        { from: 'h1', to: 'h1-done', on: 'approve' },
        { from: G, to: 'publish', on: 'approve' },
        { from: G, to: 'rework', on: 'reject' },
      ],
      groups: [group()],
    });
    const approve = await dispatch(c, 'wait-all');
    const steps = (await execution(c, approve.executionId)).steps;
    expect(steps.map((s: any) => [s.nodeId, s.groupId, s.status])).toEqual([
      ['start', null, 'completed'],
      ['h1', 'g', 'waiting'],
      ['h2', 'g', 'waiting'],
    ]);
    await decide(c, approve.executionId, steps[1].stepId, 'a', 'approve');
    expect((await execution(c, approve.executionId)).steps.map((s: any) => s.nodeId)).toEqual(['start', 'h1', 'h2', 'h1-done']);
    await decide(c, approve.executionId, steps[2].stepId, 'b', 'approve');
    const done = await execution(c, approve.executionId);
    expect(done.steps.map((s: any) => s.stepId).slice(-1)).toEqual(['group_g__to__publish']);
    expect(done.status).toBe('completed');
    const quorum = (await events(c, approve.executionId)).events.find((e: any) => e.type === 'group.quorum-met');
    expect(quorum.data).toEqual({ groupId: 'g', total: 2, quorum: 2, completedTotal: 2, expectedSteps: 2 });

    const reject = await dispatch(c, 'wait-all');
    const [, r1, r2] = (await execution(c, reject.executionId)).steps;
    await decide(c, reject.executionId, r1.stepId, 'a', 'reject');
    expect((await execution(c, reject.executionId)).steps).toHaveLength(3);
    await decide(c, reject.executionId, r2.stepId, 'b', 'approve');
    const rejected = await execution(c, reject.executionId);
    expect(rejected.steps.map((s: any) => s.stepId).slice(-1)).toEqual(['group_g__to__rework']);
    expect((await events(c, reject.executionId)).events.map((e: any) => e.type)).not.toContain('group.quorum-met');
  });

  it('cancelOnQuorum: on quorum the members still waiting are cancelled by the system and the group fires once', async () => {
    const c = fresh();
    await define(c, {
      definitionId: 'cancel-on-quorum',
      name: 'Two of three',
      nodes: [mockAgent('start'), human('h1', ['a']), human('h2', ['b']), human('h3', ['c']), notify('member-rejected'), notify('publish')],
      edges: [
        { from: 'start', to: G },
        ...['h1', 'h2', 'h3'].map((h) => ({ from: h, to: 'member-rejected', on: 'reject' })),
        { from: G, to: 'publish', on: 'approve' },
      ],
      groups: [group({ memberNodeIds: ['h1', 'h2', 'h3'], expectedSteps: 3, quorum: 2, onQuorumMet: 'cancelOnQuorum' })],
    });
    const { executionId } = await dispatch(c, 'cancel-on-quorum');
    await decide(c, executionId, await waiting(c, executionId, 'h1'), 'a', 'approve');
    await decide(c, executionId, await waiting(c, executionId, 'h2'), 'b', 'approve');
    const run = await execution(c, executionId);
    expect(run.steps.map((s: any) => [s.nodeId, s.status])).toEqual([
      ['start', 'completed'],
      ['h1', 'completed'],
      ['h2', 'completed'],
      ['h3', 'cancelled'],
      ['publish', 'completed'],
    ]);
    expect(run.steps[4].stepId).toBe('group_g__to__publish');
    expect(run.status).toBe('completed');
    const types = (await events(c, executionId)).events.map((e: any) => [e.type, e.data?.actorId ?? e.data?.groupId ?? null]);
    expect(types.slice(-5)).toEqual([
      ['step.completed', null],
      ['group.quorum-met', 'g'],
      ['step.cancelled', 'system:group-quorum'],
      ['step.completed', null],
      ['execution.completed', null],
    ]);
    const cancelled = (await events(c, executionId)).events.find((e: any) => e.type === 'step.cancelled');
    expect(cancelled.data).toEqual({ actorId: 'system:group-quorum', reason: 'group-quorum-met' });
  });

  it('joinOnQuorum: member edges are suppressed; one group-owned successor per target gets the group input', async () => {
    const c = fresh();
    await define(c, {
      definitionId: 'join-on-quorum',
      name: 'Join',
      nodes: [
        mockAgent('start'),
        human('h1', ['a']),
        human('h2', ['b']),
        notify('member-rejected'),
        notify('next', 'approved={{input.totalApproved}} of quorum {{input.quorum}} by {{input.groupId}}'),
      ],
      edges: [
        { from: 'start', to: G },
        { from: 'h1', to: 'member-rejected', on: 'reject' },
        { from: 'h2', to: 'member-rejected', on: 'reject' },
        { from: G, to: 'next' },
      ],
      groups: [group({ quorum: 1, onQuorumMet: 'joinOnQuorum' })],
    });
    const { executionId } = await dispatch(c, 'join-on-quorum');
    await decide(c, executionId, await waiting(c, executionId, 'h1'), 'a', 'approve');
    const run = await execution(c, executionId);
    expect(run.steps.map((s: any) => [s.stepId.startsWith('group_') ? s.stepId : s.nodeId, s.status])).toEqual([
      ['start', 'completed'],
      ['h1', 'completed'],
      ['h2', 'cancelled'],
      ['group_g__to__next', 'completed'],
    ]);
    expect(run.steps[3].output.body).toBe('approved=1 of quorum 1 by g');
  });

  it('requiredNodeIds: the quorum waits for every required member to approve', async () => {
    const c = fresh();
    await define(c, {
      definitionId: 'required-def',
      name: 'Required',
      nodes: [mockAgent('start'), human('legal', ['a']), human('brand', ['b']), notify('member-rejected'), notify('next')],
      edges: [
        { from: 'start', to: G },
        { from: 'legal', to: 'member-rejected', on: 'reject' },
        { from: 'brand', to: 'member-rejected', on: 'reject' },
        { from: G, to: 'next', on: 'approve' },
      ],
      groups: [{ groupId: 'g', memberNodeIds: ['legal', 'brand'], expectedSteps: 2, quorum: 1, onQuorumMet: 'cancelOnQuorum', requiredNodeIds: ['legal'] }],
    });
    const { executionId } = await dispatch(c, 'required-def');
    await decide(c, executionId, await waiting(c, executionId, 'brand'), 'b', 'approve');
    expect((await execution(c, executionId)).steps.map((s: any) => s.status)).toEqual(['completed', 'waiting', 'completed']);
    await decide(c, executionId, await waiting(c, executionId, 'legal'), 'a', 'approve');
    const run = await execution(c, executionId);
    expect(run.steps.map((s: any) => s.nodeId)).toEqual(['start', 'legal', 'brand', 'next']);
  });

  /** draft -> review; a mandatory rejection loops back to draft (2 passes), then escalates. */
  const looped = (withExhausted: boolean) => ({
    definitionId: withExhausted ? 'loop-def' : 'loop-bare',
    name: 'Loop',
    nodes: [
      notify('draft', 'pass {{input.iteration}}: {{input.previousAttempts.0.rejectionReason}}'),
      human('review', ['editor']),
      notify('publish'),
      ...(withExhausted ? [notify('escalate')] : []),
    ],
    edges: [
      { from: 'draft', to: 'review' },
      { from: 'review', to: 'publish', on: 'approve' },
      { from: 'review', to: 'draft', on: 'reject', loop: { maxIterations: 2 } },
      ...(withExhausted ? [{ from: 'review', to: 'escalate', on: 'exhausted' }] : []),
    ],
  });

  it('a mandatory rejection restarts the loop with the previous attempts, then exhausts into the exhausted route', async () => {
    const c = fresh();
    await define(c, looped(true));
    const { executionId } = await dispatch(c, 'loop-def');
    const first = await waiting(c, executionId, 'review');
    c.service.clock.advance(1000);
    await decide(c, executionId, first, 'editor', 'reject', 'too long');
    const second = await waiting(c, executionId, 'review');
    const run = await execution(c, executionId);
    expect(run.steps.map((s: any) => s.stepId)).toEqual([run.steps[0].stepId, first, `${first}__to__draft`, second]);
    expect(run.steps[2].output.body).toBe('pass 2: too long');
    const started = (await events(c, executionId)).events.find((e: any) => e.type === 'loop.iteration-started');
    expect(started.data).toEqual({ loopId: 'loop_review__draft', iteration: 2, triggeredBy: 'rejection' });
    await decide(c, executionId, second, 'editor', 'reject', 'still too long');
    const end = await execution(c, executionId);
    expect(end.steps.map((s: any) => s.nodeId)).toEqual(['draft', 'review', 'draft', 'review', 'escalate']);
    expect(end.steps[4].stepId).toBe(`${second}__to__escalate`);
    expect(end.status).toBe('completed');
    const exhausted = (await events(c, executionId)).events.find((e: any) => e.type === 'loop.exhausted');
    expect(exhausted.data).toEqual({ loopId: 'loop_review__draft', iteration: 2, lastRejectedBy: 'editor', lastRejectionReason: 'still too long' });
  });

  it('an exhausted loop without a route fails the run with loop-exhausted; an override rejection never loops', async () => {
    const c = fresh();
    await define(c, looped(false));
    const { executionId } = await dispatch(c, 'loop-bare');
    await decide(c, executionId, await waiting(c, executionId, 'review'), 'editor', 'reject');
    await decide(c, executionId, await waiting(c, executionId, 'review'), 'editor', 'reject');
    expect(await execution(c, executionId)).toMatchObject({ status: 'failed', failureReason: { code: 'loop-exhausted', message: 'review: loop-exhausted' } });
    const forced = await dispatch(c, 'loop-bare');
    const stepId = await waiting(c, forced.executionId, 'review');
    resultOf(await c.post('/v2/workflow/steps/resolve', { executionId: forced.executionId, stepId, action: 'force-reject', actorId: 'ops' }));
    const run = await execution(c, forced.executionId);
    expect(run.steps.map((s: any) => s.nodeId)).toEqual(['draft', 'review']);
    expect(run.status).toBe('completed');
  });

  it('a group-bounded loop: a mandatory rejection that makes the quorum impossible restarts the body with a fresh group', async () => {
    const c = fresh();
    await define(c, {
      definitionId: 'group-loop',
      name: 'Group loop',
      nodes: [mockAgent('start'), human('h1', ['a']), human('h2', ['b']), notify('next')],
      edges: [
        { from: 'start', to: G },
        { from: G, to: 'next' },
        { from: G, to: 'start', on: 'reject', loop: { maxIterations: 3 } },
      ],
      groups: [group({ onQuorumMet: 'joinOnQuorum' })],
    });
    const { executionId } = await dispatch(c, 'group-loop');
    await decide(c, executionId, await waiting(c, executionId, 'h1'), 'a', 'reject', 'off-brand');
    const run = await execution(c, executionId);
    expect(run.steps.map((s: any) => [s.nodeId, s.status])).toEqual([
      ['start', 'completed'],
      ['h1', 'completed'],
      ['h2', 'cancelled'],
      ['start', 'completed'],
      ['h1', 'waiting'],
      ['h2', 'waiting'],
    ]);
    expect(run.steps[3].stepId).toBe('group_g__to__start');
    expect(run.steps[2].output).toEqual(run.steps[5].output);
    const cancelled = (await events(c, executionId)).events.find((e: any) => e.type === 'step.cancelled');
    expect(cancelled.data).toEqual({ actorId: 'system:loop-restart', reason: 'loop-restart' });
    await decide(c, executionId, await waiting(c, executionId, 'h1'), 'a', 'approve');
    await decide(c, executionId, await waiting(c, executionId, 'h2'), 'b', 'approve');
    const end = await execution(c, executionId);
    expect(end.steps.at(-1).stepId).toBe('group_g__to__next');
    expect(end.status).toBe('completed');
  });

  it('a member breach the group never routes fails the run once nothing is left', async () => {
    const c = fresh();
    await define(c, {
      definitionId: 'breach-def',
      name: 'Breach',
      nodes: [mockAgent('start'), { ...human('h1', ['a']), slaMs: 1000 }, human('h2', ['b']), notify('next')],
      edges: [
        { from: 'start', to: G },
        { from: G, to: 'next' },
        { from: G, to: 'start', on: 'reject', loop: { maxIterations: 2 } },
      ],
      groups: [group({ onQuorumMet: 'joinOnQuorum' })],
    });
    const { executionId } = await dispatch(c, 'breach-def');
    await decide(c, executionId, await waiting(c, executionId, 'h2'), 'b', 'approve');
    c.service.clock.advance(1000);
    const run = await execution(c, executionId);
    expect(run.steps.map((s: any) => [s.nodeId, s.status])).toEqual([
      ['start', 'completed'],
      ['h1', 'breached'],
      ['h2', 'completed'],
    ]);
    expect(run).toMatchObject({ status: 'failed', failureReason: { code: 'step-breached', message: 'h1: sla-exceeded' } });
  });
});
