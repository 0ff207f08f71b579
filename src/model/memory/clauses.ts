import { NEGATION_TERM } from './polarity.js';
import type { QueryWord } from './query.js';
import { NEGATORS, termOf, tokens } from './text.js';

/** The fewest weighted words a clause needs to stand for the whole query: "Thanks, Sam" or "OK to ship?" never do. */
export const MAIN_CLAUSE_WORDS = 4;

/**
 * The query's main clause, as a mark per query word (1: the word is in it) and its words' weight, or no marks when the
 * query is one clause or no clause stands for it. Clauses are cut at punctuation; the main one is the clause whose words the judgments know
 * weigh the most (the earliest of equals), when it holds at least `MAIN_CLAUSE_WORDS` weighted words and not all of the
 * query's weight. An item pasted with a greeting, a release number and a deadline around it ("Hi Jo, before v3.2 goes
 * out: the handbook states staff need not reply after hours. Can legal confirm by Friday?") is its main clause.
 * @example mainClause('Hi Jo: fees shown only at checkout. Thanks', words, weights)
 */
export function mainClause(query: string, words: readonly QueryWord[], weights: readonly number[]): MainClause {
  const at = new Map<string, number>();
  words.forEach((word, g) => {
    if (!at.has(word.term)) at.set(word.term, g);
  });
  // The query words of each clause, once each.
  const clauses: Set<number>[] = [new Set()];
  for (const token of tokens(query)) {
    if (token.breaks && (clauses.at(-1) as Set<number>).size > 0) clauses.push(new Set());
    const term = NEGATORS.has(token.word) ? NEGATION_TERM : termOf(token.word);
    const g = term === null ? undefined : at.get(term);
    if (g !== undefined) (clauses.at(-1) as Set<number>).add(g);
  }
  if (clauses.length < 2) return NONE;
  let main: Set<number> | null = null;
  let most = 0;
  for (const clause of clauses) {
    let known = 0;
    let weighted = 0;
    for (const g of clause) {
      if ((weights[g] as number) > 0) weighted++;
      if ((words[g] as QueryWord).forms.length > 0) known += weights[g] as number;
    }
    if (weighted >= MAIN_CLAUSE_WORDS && known > most) {
      most = known;
      main = clause;
    }
  }
  if (main === null || main.size === words.length) return NONE;
  const marks = new Uint8Array(words.length);
  let total = 0;
  for (const g of main) {
    marks[g] = 1;
    total += weights[g] as number;
  }
  return { marks, total };
}

/** The main clause of a query: a mark per query word (1: in it) and the summed weight of its words. */
export interface MainClause {
  readonly marks: Uint8Array | null;
  readonly total: number;
}

const NONE: MainClause = { marks: null, total: 0 };
