import { cancelExecution, dispatchExecution, getEvents, getExecution, listExecutions } from '../../model/workflow/executions.js';
import { defineOperation, namespaceOf } from '../../protocol/operation.js';
import { WORKFLOW } from './common.js';
import { dispatched, eventPage, executionCancelled, executionPage, executionView } from './results.js';
import { cancelExecutionInput, dispatchInput, getEventsInput, getExecutionInput, listExecutionsInput } from './schemas.js';

/** `POST /v2/workflow/executions/dispatch` (beyond-spec-4 4.2.6). */
export const dispatch = defineOperation({
  ...WORKFLOW,
  summary: 'Dispatch a workflow execution',
  schema: dispatchInput,
  result: dispatched,
  run: ({ data, caller, model }) => ({ data: dispatchExecution(model, namespaceOf(caller), data) }),
});

/** `POST /v2/workflow/executions/get` (4.2.7). */
export const get = defineOperation({
  ...WORKFLOW,
  summary: 'Get a workflow execution',
  schema: getExecutionInput,
  result: executionView,
  run: ({ data, caller }) => ({ data: getExecution(namespaceOf(caller), data.executionId) }),
});

/** `POST /v2/workflow/executions/list` (4.2.8). */
export const list = defineOperation({
  ...WORKFLOW,
  summary: 'List workflow executions',
  schema: listExecutionsInput,
  result: executionPage,
  run: ({ data, caller }) => ({ data: listExecutions(namespaceOf(caller), data) }),
});

/** `POST /v2/workflow/executions/getEvents` (4.2.9). */
export const events = defineOperation({
  ...WORKFLOW,
  summary: 'Get the events of a workflow execution',
  schema: getEventsInput,
  result: eventPage,
  run: ({ data, caller }) => ({ data: getEvents(namespaceOf(caller), data.executionId, data.sinceSeq ?? 0, data.pageSize ?? 100) }),
});

/** `POST /v2/workflow/executions/cancel` (4.2.10). */
export const cancel = defineOperation({
  ...WORKFLOW,
  summary: 'Cancel a workflow execution',
  schema: cancelExecutionInput,
  result: executionCancelled,
  run: ({ data, caller, model }) => ({ data: cancelExecution(model, namespaceOf(caller), data.executionId, data.reason) }),
});
