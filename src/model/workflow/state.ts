import type { ModelContext } from '../state/context.js';
import type { Namespace } from '../state/entities.js';
import type { WorkflowConfig, WorkflowState } from '../state/records/workflow.js';

/** Where async webhook nodes call back unless the control plane says otherwise. */
export const DEFAULT_CALLBACK_BASE_URL = 'https://collab-service.test';

/**
 * The workflow settings of a key that never configured them: agent steps polled on the clock, three attempts for a
 * sync webhook answering 5xx, steps taken in the same request, no local receivers, `200 {}` for unscripted URLs.
 * @example defaultWorkflowConfig().webhookRetries === 3
 */
export function defaultWorkflowConfig(): WorkflowConfig {
  return {
    agentSteps: 'clock',
    webhookRetries: 3,
    pickupDelayMs: 0,
    localTargets: [],
    callbackBaseUrl: DEFAULT_CALLBACK_BASE_URL,
    defaultResponse: { status: 200, headers: {}, json: {} },
    appTriggersSupported: true,
    disconnectedInstallations: [],
    listTieSafeCursor: false,
  };
}

/** A workflow state with nothing in it. */
function emptyWorkflow(): WorkflowState {
  return {
    config: defaultWorkflowConfig(),
    definitions: new Map(),
    executions: new Map(),
    executionOrder: [],
    executionsByDefinition: new Map(),
    idempotencyKeys: new Map(),
    triggerKeys: new Map(),
    webhookResponses: new Map(),
    webhookAnswered: new Map(),
    outbox: [],
    timers: [],
    timerSeq: 0,
    callbacks: new Map(),
  };
}

/**
 * The workflow state of a key, created (through the undo log) on first write.
 * @example workflowOf(ctx, ns).definitions.size
 */
export function workflowOf(ctx: ModelContext, ns: Namespace): WorkflowState {
  if (!ns.workflow) ctx.store.undo.assign(ns, 'workflow', emptyWorkflow());
  return ns.workflow as WorkflowState;
}

/**
 * The workflow settings a key reads: its own, or the defaults when it has no workflow state yet.
 * @example configOf(ns).agentSteps
 */
export function configOf(ns: Namespace): WorkflowConfig {
  return ns.workflow?.config ?? defaultWorkflowConfig();
}
