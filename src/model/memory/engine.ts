/**
 * Decision memory's engine: the judgment index (terms, stems, spelling, the stemmer) and the suggestion's matching
 * and ranking. Its code loads on the first call that reads judgments, so a page that never does never loads it.
 */
export { judgmentIndex } from './index.js';
export { suggestDecision } from './suggest.js';
