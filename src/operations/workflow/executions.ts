import { defineOperation, namespaceOf } from '../../protocol/operation.js';
import { engineFor, WORKFLOW } from './common.js';
import { dispatched, eventPage, executionCancelled, executionPage, executionView } from './results.js';
import { cancelExecutionInput, dispatchInput, getEventsInput, getExecutionInput, listExecutionsInput } from './schemas.js';

/** `POST /v2/workflow/executions/dispatch` (beyond-spec-4 4.2.6). */
export const dispatch = defineOperation({
  ...WORKFLOW,
  summary: 'Dispatch a workflow execution',
  schema: dispatchInput,
  result: dispatched,
  run: async ({ data, caller, model }) => {
    const ns = namespaceOf(caller);
    return { data: (await engineFor(ns)).dispatchExecution(model, ns, data) };
  },
});

/** `POST /v2/workflow/executions/get` (4.2.7). */
export const get = defineOperation({
  ...WORKFLOW,
  summary: 'Get a workflow execution',
  schema: getExecutionInput,
  result: executionView,
  run: async ({ data, caller }) => {
    const ns = namespaceOf(caller);
    return { data: (await engineFor(ns)).getExecution(ns, data.executionId) };
  },
});

/** `POST /v2/workflow/executions/list` (4.2.8). */
export const list = defineOperation({
  ...WORKFLOW,
  summary: 'List workflow executions',
  schema: listExecutionsInput,
  result: executionPage,
  run: async ({ data, caller }) => {
    const ns = namespaceOf(caller);
    return { data: (await engineFor(ns)).listExecutions(ns, data) };
  },
});

/** `POST /v2/workflow/executions/getEvents` (4.2.9). */
export const events = defineOperation({
  ...WORKFLOW,
  summary: 'Get the events of a workflow execution',
  schema: getEventsInput,
  result: eventPage,
  run: async ({ data, caller }) => {
    const ns = namespaceOf(caller);
    return { data: (await engineFor(ns)).getEvents(ns, data.executionId, data.sinceSeq ?? 0, data.pageSize ?? 100) };
  },
});

/** `POST /v2/workflow/executions/cancel` (4.2.10). */
export const cancel = defineOperation({
  ...WORKFLOW,
  summary: 'Cancel a workflow execution',
  schema: cancelExecutionInput,
  result: executionCancelled,
  run: async ({ data, caller, model }) => {
    const ns = namespaceOf(caller);
    return { data: (await engineFor(ns)).cancelExecution(model, ns, data.executionId, data.reason) };
  },
});
