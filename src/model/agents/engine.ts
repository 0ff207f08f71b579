/**
 * The agents engine: everything the agents operations and harness run, in one module loaded on first use
 * (`loadAgentsEngine`), so a page that never touches agents does not load the rules, the page model or the prompt tools.
 */
export { agentView, createAgent, deleteAgent, listAgents, updateAgentIdentity } from './agents.js';
export { agentRunOutcome, completeExecution, settleAgentExecutions, startAgentRun, startExecution } from './executions.js';
export { extractAgents } from './extract.js';
export { addGroupAgents, createGroup, deleteGroup, getGroup, groupView, listGroups, removeGroupAgents, updateGroup } from './groups.js';
export { enhancePrompt, RESOLVE_FALLBACK, refinePrompt, resolveConfig, validatePrompt } from './prompts.js';
export { countExecutions, getAnalytics, getExecution, listExecutions } from './queries.js';
export { scriptedReply } from './scripts.js';
export { listVersions, mergedVersion, restoreVersion, writeVersion } from './versions.js';
