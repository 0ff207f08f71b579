/**
 * Decision memory beyond suggest as the operations reach it: search, ask, the judgment query and the insights, in one
 * module loaded on the first such call.
 */

export { askMemory } from './ask.js';
export { actionAlert, alertConfig, dismissAlert, listAlerts, updateAlertConfig } from './insights/alerts.js';
export { decisionPatterns } from './insights/patterns.js';
export { reviewerProfile } from './insights/profiles.js';
export { memoryStats } from './insights/stats.js';
export { queryJudgments } from './judgment-query.js';
export { searchJudgments } from './search.js';
