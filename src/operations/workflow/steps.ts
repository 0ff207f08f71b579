import { defineOperation, namespaceOf } from '../../protocol/operation.js';
import { engineFor, WORKFLOW } from './common.js';
import { decisionResult, resolved, stepCancelled } from './results.js';
import { agentResolutionInput, cancelStepInput, resolveStepInput, reviewerDecisionInput } from './schemas.js';

/** `POST /v2/workflow/steps/recordReviewerDecision` (beyond-spec-4 4.2.11). */
export const recordDecision = defineOperation({
  ...WORKFLOW,
  summary: 'Record a reviewer decision',
  schema: reviewerDecisionInput,
  result: decisionResult,
  run: async ({ data, caller, model }) => {
    const ns = namespaceOf(caller);
    return { data: (await engineFor(ns)).recordReviewerDecision(model, ns, data) };
  },
});

/** `POST /v2/workflow/steps/resolve` (4.2.12). */
export const resolve = defineOperation({
  ...WORKFLOW,
  summary: 'Resolve a workflow step (override)',
  schema: resolveStepInput,
  result: resolved,
  run: async ({ data, caller, model }) => {
    const ns = namespaceOf(caller);
    return { data: (await engineFor(ns)).resolveStep(model, ns, data) };
  },
});

/** `POST /v2/workflow/steps/cancel` (4.2.13). */
export const cancel = defineOperation({
  ...WORKFLOW,
  summary: 'Cancel a workflow step',
  schema: cancelStepInput,
  result: stepCancelled,
  run: async ({ data, caller, model }) => {
    const ns = namespaceOf(caller);
    return { data: (await engineFor(ns)).cancelOneStep(model, ns, data) };
  },
});

/** `POST /v2/workflow/steps/recordAgentResolution` (4.2.14). */
export const recordAgentResolution = defineOperation({
  ...WORKFLOW,
  summary: 'Record an agent resolution',
  schema: agentResolutionInput,
  result: decisionResult,
  run: async ({ data, caller }) => {
    const ns = namespaceOf(caller);
    return (await engineFor(ns)).recordAgentResolution(ns, data);
  },
});
