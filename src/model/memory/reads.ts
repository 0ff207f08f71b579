/**
 * Decision memory beyond suggest as the operations reach it: search, ask, the judgment query, the insights, the knowledge
 * base and the rewriter, in one module loaded on the first such call (one chunk in a browser bundle).
 */

export * from '../knowledge/index.js';
export { rewrite } from '../rewriter/rewrite.js';
export { askMemory } from './ask.js';
export { actionAlert, alertConfig, dismissAlert, listAlerts, updateAlertConfig } from './insights/alerts.js';
export { decisionPatterns } from './insights/patterns.js';
export { reviewerProfile } from './insights/profiles.js';
export { memoryStats } from './insights/stats.js';
export { queryJudgments } from './judgment-query.js';
export { searchJudgments } from './search.js';
