/** The agents operations, one namespace per file (beyond-spec-4 4.1). */
export * as agents from './agents.js';
export * as executions from './executions.js';
export * as groups from './groups.js';
export * as prompts from './prompts.js';
