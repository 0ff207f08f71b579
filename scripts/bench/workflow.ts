/**
 * How the approval workflow engine's reads and writes grow with what a key holds: runs (1k → 100k) for dispatch, get
 * and list pages, and events of one run (1k → 100k) for getEvents pages. Each should stay flat.
 */

import type { WorkflowExecutionRecord } from '../../src/model/state/records/workflow.js';
import { createDefinition } from '../../src/model/workflow/definitions.js';
import { dispatchExecution } from '../../src/model/workflow/executions.js';
import { appendEvent, openRun } from '../../src/model/workflow/run.js';
import { createMockService, markStartingState } from '../../src/service.js';
import { timeIt } from './core.js';
import type { GrowthRow } from './growth.js';

type Service = ReturnType<typeof createMockService>;

const call = (service: Service, path: string, data: unknown) => () =>
  service.dispatch({ method: 'POST', path, headers: { 'content-type': 'application/json', ...service.credentials.headers }, body: JSON.stringify({ data }) });

/** A one-reviewer definition: each run waits on its human step (a realistic open run, four events). */
const SIGN_OFF = {
  definitionId: 'sign-off',
  name: 'Sign-off',
  nodes: [
    { nodeId: 'review', type: 'human' as const, config: { reviewers: [{ userId: 'u1', mandatory: true }] } },
    { nodeId: 'notify', type: 'notification' as const, config: { channel: 'slack', slackTarget: 'C1', bodyTemplate: 'rejected' } },
  ],
  edges: [{ from: 'review', to: 'notify', on: 'reject' as const }],
};

/**
 * Runs: dispatch one, get one, the newest 50, 50 from a cursor in the middle; events of one run: the first 100 and 100
 * after a deep `sinceSeq`.
 * @example const rows = await workflowGrowth([1_000, 10_000]);
 */
export async function workflowGrowth(sizes: readonly number[]): Promise<GrowthRow[]> {
  const service = createMockService();
  const model = service.model;
  const ns = model.store.namespace(service.credentials.apiKey);
  createDefinition(model, ns, SIGN_OFF);
  const rows = { dispatch: [] as number[], get: [] as number[], newest: [] as number[], middle: [] as number[], first: [] as number[], deep: [] as number[] };
  const target = dispatchExecution(model, ns, { definitionId: 'sign-off' }).executionId;
  let runs = 1;
  let events = (ns.workflow as NonNullable<typeof ns.workflow>).executions.get(target)?.events.length ?? 0;
  for (const size of sizes) {
    // Runs spread over time, so cursors land between them.
    for (; runs < size; runs++) {
      if (runs % 10 === 0) model.clock.advance(1);
      dispatchExecution(model, ns, { definitionId: 'sign-off' });
    }
    const wf = ns.workflow as NonNullable<typeof ns.workflow>;
    const exec = wf.executions.get(target) as WorkflowExecutionRecord;
    const run = openRun(model, ns, wf, exec, model.clock.now());
    const stepId = [...exec.steps.keys()][0] as string;
    // One external event in four, as a run's stream has them.
    for (; events < size; events++)
      appendEvent(run as NonNullable<typeof run>, events % 4 === 0 ? 'step.awaiting-approval' : 'step.response-recorded', stepId, { n: events });
    markStartingState(service);
    const middle = wf.executions.get(wf.executionOrder[Math.floor(size / 2)] as string) as WorkflowExecutionRecord;
    rows.dispatch.push(await timeIt(call(service, '/v2/workflow/executions/dispatch', { definitionId: 'sign-off' }), 30, 5));
    service.reset();
    rows.get.push(await timeIt(call(service, '/v2/workflow/executions/get', { executionId: target }), 30, 5));
    rows.newest.push(await timeIt(call(service, '/v2/workflow/executions/list', { pageSize: 50 }), 30, 5));
    rows.middle.push(await timeIt(call(service, '/v2/workflow/executions/list', { pageSize: 50, cursor: String(middle.startedAt) }), 30, 5));
    rows.first.push(await timeIt(call(service, '/v2/workflow/executions/getEvents', { executionId: target, pageSize: 100 }), 30, 5));
    rows.deep.push(await timeIt(call(service, '/v2/workflow/executions/getEvents', { executionId: target, sinceSeq: size - 500, pageSize: 100 }), 30, 5));
  }
  return [
    { cost: 'workflow executions/dispatch, one waiting run', sizes: [...sizes], ms: rows.dispatch, exponent: 0, budget: 0.25 },
    { cost: 'workflow executions/get, one run', sizes: [...sizes], ms: rows.get, exponent: 0, budget: 0.25 },
    { cost: 'workflow executions/list, the newest 50', sizes: [...sizes], ms: rows.newest, exponent: 0, budget: 0.25 },
    { cost: 'workflow executions/list, 50 before a middle cursor', sizes: [...sizes], ms: rows.middle, exponent: 0, budget: 0.25 },
    { cost: 'workflow executions/getEvents, the first 100', sizes: [...sizes], ms: rows.first, exponent: 0, budget: 0.25 },
    { cost: 'workflow executions/getEvents, 100 after a deep sinceSeq', sizes: [...sizes], ms: rows.deep, exponent: 0, budget: 0.25 },
  ];
}
