/**
 * The approval workflow engine, loaded on first use (`loadWorkflowEngine`), so a page that never calls
 * `/v2/workflow/*` does not load the graph checks, the run engine or the node behaviours.
 */
export { ensureAgentRuns } from './agent-runs.js';
export { findCallback, receiveCallback } from './callbacks.js';
export { createDefinition, deleteDefinition, getDefinition, listDefinitions, updateDefinition } from './definitions.js';
export { cancelExecution, dispatchExecution, getEvents, getExecution, listExecutions } from './executions.js';
export { settleAllWorkflows, settleWorkflow, settleWorkflowStep } from './settle.js';
export { cancelOneStep, recordAgentResolution, recordReviewerDecision, resolveStep } from './steps.js';
export { fireTrigger } from './triggers.js';
