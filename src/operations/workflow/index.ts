/** The approval workflow engine's operations (beyond-spec-4 4.2): definitions, executions and steps. */
export * as definitions from './definitions.js';
export * as executions from './executions.js';
export * as steps from './steps.js';
