// biome-ignore-all lint/suspicious/noExplicitAny: replies are read as untyped JSON
import { expect, it } from 'vitest';
import { control } from '../../support/control.js';
import type { Client } from '../../support/transports.js';
import { forEachTransport } from '../../support/transports.js';
import { decide, define, dispatch, execution, human, notify, resultOf } from './helpers.js';

/**
 * Every transition of the execution and step state machines (4.2.0 G), one case each, in one place. Execution
 * `pending` is transient (dispatch moves on within the request), so `pending -> cancelled` of a run cannot be reached.
 */

const HOOK = 'https://hooks.example.com/x';

/** A one-node definition (with a reject route for a human node) and its run; answers the run id and first step id. */
async function single(c: Client, node: Record<string, unknown>, extra: Record<string, unknown> = {}): Promise<{ executionId: string; stepId: string }> {
  const nodes = node['type'] === 'human' ? [node, notify('after')] : [node];
  const breach = { from: node['nodeId'], to: 'after', on: 'custom', when: JSON.stringify({ op: 'eq', args: [{ var: 'step.status' }, 'breached'] }) };
  const edges = node['type'] === 'human' ? [{ from: node['nodeId'], to: 'after', on: 'reject' }, ...(node['slaMs'] ? [breach] : [])] : [];
  await define(c, { definitionId: 'one-node', name: 'One', nodes, edges });
  const { executionId } = await dispatch(c, 'one-node', extra);
  return { executionId, stepId: (await execution(c, executionId)).steps[0].stepId };
}

const hook = (extra: Record<string, unknown> = {}) => ({ nodeId: 'w', type: 'webhook', config: { url: HOOK }, ...extra });
const status = async (c: Client, executionId: string, i = 0) => (await execution(c, executionId)).steps[i].status;
const runStatus = async (c: Client, executionId: string) => (await execution(c, executionId)).status;
const advance = (c: Client, ms: number) => control(c, 'POST', '/__mock/clock/advance', { ms });
const failing = (c: Client, code: number) => control(c, 'POST', '/__mock/workflow/webhook-responses', { url: HOOK, status: code });

forEachTransport('workflow state machines (4.2.0 G)', (fresh) => {
  it('execution: pending -> running on dispatch; running -> completed | failed | cancelled', async () => {
    const c = fresh();
    const run = await single(c, human('h'));
    expect(await runStatus(c, run.executionId)).toBe('running');
    await decide(c, run.executionId, run.stepId, 'u1', 'approve');
    expect(await runStatus(c, run.executionId)).toBe('completed');
    const d = fresh();
    await failing(d, 404);
    const failed = await single(d, hook());
    expect(await runStatus(d, failed.executionId)).toBe('failed');
    const e = fresh();
    const cancelled = await single(e, human('h'));
    resultOf(await e.post('/v2/workflow/executions/cancel', { executionId: cancelled.executionId }));
    expect(await runStatus(e, cancelled.executionId)).toBe('cancelled');
  });

  it('step: -> pending, pending -> running, pending -> cancelled', async () => {
    const c = fresh();
    await control(c, 'POST', '/__mock/workflow/config', { pickupDelayMs: 1000 });
    await failing(c, 503);
    const run = await single(c, hook());
    expect(await status(c, run.executionId)).toBe('pending');
    await advance(c, 1000);
    expect(await status(c, run.executionId)).toBe('running');
    const other = await dispatch(c, 'one-node');
    resultOf(await c.post('/v2/workflow/executions/cancel', { executionId: other.executionId }));
    expect(await status(c, other.executionId)).toBe('cancelled');
  });

  it('step: running -> waiting | completed | failed | breached | cancelled', async () => {
    const waiting = fresh();
    expect(await status(waiting, (await single(waiting, human('h'))).executionId)).toBe('waiting');
    const completed = fresh();
    expect(await status(completed, (await single(completed, notify('n'))).executionId)).toBe('completed');
    const failed = fresh();
    await failing(failed, 400);
    expect(await status(failed, (await single(failed, hook())).executionId)).toBe('failed');
    const breached = fresh();
    await failing(breached, 503);
    const slow = await single(breached, hook({ slaMs: 1000 }));
    await advance(breached, 1000);
    expect(await status(breached, slow.executionId)).toBe('breached');
    const cancelled = fresh();
    await failing(cancelled, 503);
    const retrying = await single(cancelled, hook());
    resultOf(await cancelled.post('/v2/workflow/steps/cancel', { ...retrying, actorId: 'ops' }));
    expect(await status(cancelled, retrying.executionId)).toBe('cancelled');
  });

  it('step: waiting -> completed | failed | breached | cancelled', async () => {
    const completed = fresh();
    const a = await single(completed, human('h'));
    await decide(completed, a.executionId, a.stepId, 'u1', 'reject');
    expect(await status(completed, a.executionId)).toBe('completed');
    const failed = fresh();
    const b = await single(failed, human('h'));
    resultOf(await failed.post('/v2/workflow/steps/resolve', { ...b, action: 'force-fail', actorId: 'ops' }));
    expect(await status(failed, b.executionId)).toBe('failed');
    const breached = fresh();
    const c = await single(breached, { ...human('h'), slaMs: 1000 });
    await advance(breached, 1000);
    expect(await status(breached, c.executionId)).toBe('breached');
    const cancelled = fresh();
    const d = await single(cancelled, human('h'));
    resultOf(await cancelled.post('/v2/workflow/steps/cancel', { ...d, actorId: 'ops' }));
    expect(await status(cancelled, d.executionId)).toBe('cancelled');
  });
});
