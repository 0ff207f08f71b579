import { BM25_B, BM25_K1, collectionSize, idf } from './bm25.js';
import { mainClause } from './clauses.js';
import { DOMINANCE_WORDS } from './dominance.js';
import { MATCHING } from './matching.js';
import { type Built, contentWeight, stanceOf, TERM_FLAGS } from './postings.js';
import { analyseQuery, type MatchKind, type Vocabulary } from './query.js';
import { keptOf, nothingFound, type Ranking } from './ranking.js';
import { secondHop, witnessSets } from './resemblance.js';
import type { TermMatch } from './results.js';
import { decisionSides } from './sides.js';
import type { Lexicon } from './synonyms.js';
import { keepClearSides, passesByTelling, tellingWords } from './telling.js';
import { queryWeights } from './weights.js';
import { familyOf } from './witnesses.js';

/**
 * Per-text working state of one ranking, shared by every index and sized to the largest: a text's slots are
 * initialised when the ranking first reaches it (`seen` holds the ranking's number), so a ranking never clears
 * or allocates anything in proportion to the judgments held, only to the texts it reaches.
 */
const scratch = {
  ranking: 0,
  seen: new Float64Array(0),
  mark: new Int32Array(0),
  score: new Float64Array(0),
  covered: new Float64Array(0),
  reverse: new Float64Array(0),
  inContent: new Float64Array(0),
  polarity: new Uint8Array(0),
  bestCover: new Float64Array(0),
  bestScore: new Float64Array(0),
  bestForm: new Int32Array(0),
  bestFlags: new Int32Array(0),
  words: new Int32Array(0),
  inMain: new Float64Array(0),
  /** How many of the query's telling words a text matched (see `telling.ts`). */
  telling: new Int32Array(0),
  /** How the forms of the current query word have a text state it, as bits (see `BOTH_WAYS`). */
  stances: new Uint8Array(0),
};

/**
 * Bits of `scratch.polarity`: a matched word the judgment states the opposite way; one both negate alike; one the
 * query negates and the judgment's reasoning negates too.
 */
const OPPOSITE = 1;
const SHARED_NEGATION = 2;
const REASON_NEGATES = 4;

/** `scratch.stances` of a text whose forms of a query word state it plainly (bit 1) and negated (bit 2): unclear. */
const BOTH_WAYS = 3;

function reserve(texts: number): void {
  if (scratch.seen.length >= texts) return;
  const size = Math.max(texts, scratch.seen.length * 2, 64);
  scratch.seen = new Float64Array(size);
  scratch.mark = new Int32Array(size);
  scratch.score = new Float64Array(size);
  scratch.covered = new Float64Array(size);
  scratch.reverse = new Float64Array(size);
  scratch.inContent = new Float64Array(size);
  scratch.polarity = new Uint8Array(size);
  scratch.bestCover = new Float64Array(size);
  scratch.bestScore = new Float64Array(size);
  scratch.bestForm = new Int32Array(size);
  scratch.bestFlags = new Int32Array(size);
  scratch.words = new Int32Array(size);
  scratch.inMain = new Float64Array(size);
  scratch.telling = new Int32Array(size);
  scratch.stances = new Uint8Array(size);
}

const NO_WORDS: ReadonlyMap<string, string | null> = new Map();

/** Forms close enough to the word that the way a judgment states them is the way it states the word. */
const SAME_SENSE: ReadonlySet<MatchKind> = new Set(['exact', 'stem', 'derivation', 'negated', 'synonym', 'typo']);

/**
 * Ranks the indexed judgments against `query`: BM25 over the distinct texts its words reach; a text passes when the
 * query covers enough of its own content or it covers enough of the query, scores within the relevance floor of the
 * best, and does not state a matched word the opposite way; then the resemblance hop. Only the texts that pass are
 * unfolded into judgments. Reads the scratch state, so its figures are valid until the next ranking.
 */
export function rank(entry: Built, query: string, lexicon: Lexicon, withMatches: boolean): Ranking {
  const vocabulary: Vocabulary = {
    documentFrequency: (term) => entry.postings.get(term)?.df ?? 0,
    surfaces: (initial) => entry.initials.get(initial) ?? NO_WORDS,
    negates: (term) => entry.negating.has(term),
  };
  const words = analyseQuery(query, vocabulary, lexicon);
  if (words.length === 0 || entry.size === 0) return nothingFound(words);
  const n = collectionSize(entry.size);
  const df = (term: string) => entry.postings.get(term)?.df ?? 0;
  const { weights, weighedBy, weightless } = queryWeights(query, words, n, df);
  let total = 0;
  for (const w of weights) total += w;
  if (total === 0) return nothingFound(words);
  // A query of several clauses may be read as its main clause alone (an item pasted with greetings and deadlines).
  const main = mainClause(query, words, weights);
  const tells = tellingWords(
    weights,
    words.map((w) => w.term),
  );
  const average = entry.totalLength / entry.size || 1;
  reserve(entry.textTerms.length);
  const { seen, mark, score, covered, reverse, inContent, polarity, bestCover, bestScore, bestForm, bestFlags } = scratch;
  const { words: matchedWords, inMain, stances, telling } = scratch;
  const ranking = ++scratch.ranking;
  const touched: number[] = [];
  const matches = withMatches ? new Map<number, TermMatch[]>() : undefined;
  const lengths = entry.textLengths;
  words.forEach((word, g) => {
    const group: number[] = [];
    // Each form's IDF, and whether a judgment states the form the way it states the word (see `SAME_SENSE`).
    const formIdf = word.forms.map((form) => idf(n, df(form.term)));
    const sameSense = word.forms.map((form) => SAME_SENSE.has(form.via));
    word.forms.forEach((form, f) => {
      const postings = entry.postings.get(form.term);
      if (!postings) return;
      const w = formIdf[f] as number;
      const { texts, tfs, flags } = postings;
      for (let i = 0; i < texts.length; i++) {
        // The opposite word (`capped` for `uncapped`) is the same case only where the item states it the other way.
        if (form.inverted && stanceOf(flags[i] as number) === -1) continue;
        const text = texts[i] as number;
        const tf = tfs[i] as number;
        if (seen[text] !== ranking) {
          seen[text] = ranking;
          score[text] = 0;
          covered[text] = 0;
          reverse[text] = 0;
          inContent[text] = 0;
          polarity[text] = 0;
          matchedWords[text] = 0;
          inMain[text] = 0;
          telling[text] = 0;
          mark[text] = -1;
          touched.push(text);
        }
        const norm = 1 - BM25_B + (BM25_B * (lengths[text] as number)) / average;
        const s = (form.weight * w * tf * (BM25_K1 + 1)) / (tf + BM25_K1 * norm);
        if (mark[text] !== g) stances[text] = 0;
        // How this form has the text state the word: a plain `untested` says the word `tested` is negated.
        const stance = sameSense[f] ? stanceOf(flags[i] as number) : -1;
        if (stance !== -1) stances[text] = (stances[text] as number) | (1 << (stance ^ (form.inverted ? 1 : 0)));
        if (mark[text] !== g || form.weight > (bestCover[text] as number) || (form.weight === bestCover[text] && s > (bestScore[text] as number))) {
          if (mark[text] !== g) group.push(text);
          mark[text] = g;
          bestCover[text] = form.weight;
          bestScore[text] = s;
          bestForm[text] = f;
          bestFlags[text] = flags[i] as number;
        }
      }
    });
    const conceptNegated = word.negated !== word.prefixed;
    const bit = g < DOMINANCE_WORDS ? 1 << g : 0;
    for (const text of group) {
      matchedWords[text] = (matchedWords[text] as number) | bit;
      const form = word.forms[bestForm[text] as number] as (typeof word.forms)[number];
      const cover = bestCover[text] as number;
      const flags = bestFlags[text] as number;
      covered[text] = (covered[text] as number) + (weights[g] as number) * cover;
      if (main.marks?.[g]) inMain[text] = (inMain[text] as number) + (weights[g] as number) * cover;
      telling[text] = (telling[text] as number) + (tells[g] as number);
      score[text] = (score[text] as number) + (bestScore[text] as number);
      if (flags & TERM_FLAGS.content) {
        reverse[text] = (reverse[text] as number) + (formIdf[bestForm[text] as number] as number) * cover;
        inContent[text] = (inContent[text] as number) + (weights[g] as number) * cover;
      }
      // A text stating the word both ways, through the word and through its opposite ("tested only on rev C boards;
      // rev A and B untested"), is unclear on it, as one stating the word itself both ways is.
      // A word weighing nothing (an amount, a name, a word of the message) says nothing of the case either way.
      const stance = sameSense[bestForm[text] as number] && stances[text] !== BOTH_WAYS && (weights[g] as number) > 0 ? stanceOf(flags) : -1;
      const asked = word.clouded ? -1 : word.negated !== form.inverted ? 1 : 0;
      let agreement: TermMatch['polarity'] = 'same';
      if (stance !== -1 && asked !== -1 && stance !== asked) {
        polarity[text] = (polarity[text] as number) | OPPOSITE;
        agreement = 'opposite';
      } else if (stance !== -1 && asked !== -1 && conceptNegated) {
        polarity[text] = (polarity[text] as number) | SHARED_NEGATION;
        agreement = 'negated';
      }
      // The reasoning says absent what the query says absent ("Non-refundable fare" for a "non-refundable ticket"):
      // the item's plain word (a refund requested) is not the opposite case.
      if (asked === 1 && sameSense[bestForm[text] as number] && flags & TERM_FLAGS.reasonNegated && !(flags & TERM_FLAGS.reasonPlain))
        polarity[text] = (polarity[text] as number) | REASON_NEGATES;
      if (matches) {
        let list = matches.get(text);
        if (!list) matches.set(text, (list = []));
        list.push({ word: word.word, term: form.term, via: form.via, polarity: agreement });
      }
    }
  });
  const reverseCoverage = (text: number) => {
    // Two query words reaching one term count it twice: the share never passes 1.
    const own = contentWeight(entry, text);
    return own > 0 ? Math.min(1, (reverse[text] as number) / own) : 0;
  };
  // A query holding a judged item nearly whole is about that item; else its main clause may stand for it alone.
  const holds = main.total > 0 && touched.some((t) => reverseCoverage(t) >= MATCHING.reverseCutoff && (covered[t] as number) / total >= MATCHING.reverseFloor);
  const clauseTotal = holds ? 0 : main.total;
  const byClause = (text: number) => clauseTotal > 0 && (inMain[text] as number) / clauseTotal > (covered[text] as number) / total;
  const coverage =
    clauseTotal > 0
      ? (text: number) => Math.max((inMain[text] as number) / clauseTotal, (covered[text] as number) / total)
      : (text: number) => (covered[text] as number) / total;
  const opposite = (text: number) => ((polarity[text] as number) & (OPPOSITE | SHARED_NEGATION | REASON_NEGATES)) === OPPOSITE;
  // It says a word the query says absent is absent too, and states none the other way.
  const sharesAbsence = (text: number) => ((polarity[text] as number) & (SHARED_NEGATION | OPPOSITE)) === SHARED_NEGATION;
  // The texts passed under the cut-off through telling words (see `relevant`).
  const byTelling = new Set<number>();
  const relevant = (text: number) => {
    if (opposite(text)) return false;
    const c = coverage(text);
    // One that says a word the query says absent is absent too makes the query's point with less of its wording.
    if (sharesAbsence(text) && c >= MATCHING.absenceCutoff) return true;
    if (c >= MATCHING.cutoff || (c >= MATCHING.reverseFloor && reverseCoverage(text) >= MATCHING.reverseCutoff)) return true;
    // Under the cut-off, several telling words of the query make its point in other words.
    if (!passesByTelling(c, reverseCoverage(text), telling[text] as number)) return false;
    byTelling.add(text);
    return true;
  };
  const above = touched.filter(relevant);
  let top = 0;
  let most = 0;
  for (const text of above) {
    top = Math.max(top, score[text] as number);
    most = Math.max(most, coverage(text));
  }
  // A judgment that says the query's absent word is absent too states the same case, however far behind the best.
  const passed = above.filter(
    (text) => sharesAbsence(text) || ((score[text] as number) >= MATCHING.relevanceFloor * top && coverage(text) >= MATCHING.coverageFloor * most),
  );
  // A judgment the query covers the other way in (a pasted item) was found as clearly as one covering the query.
  const clearly = (text: number) => (reverseCoverage(text) >= MATCHING.reverseCutoff ? Math.max(coverage(text), MATCHING.hopSeed) : coverage(text));
  const witnesses = witnessSets();
  const reached = (text: number) => seen[text] === ranking;
  const sides = decisionSides(entry.columns.decisions);
  const textSides = (text: number) =>
    (entry.textDocs[text] as number[]).reduce((bits, doc) => bits | (sides[entry.columns.decision[doc] as number] as number), 0);
  const otherSide = keepClearSides(passed, byTelling, clearly, textSides);
  const queryTerms = new Set<string>();
  for (const word of words) for (const form of word.forms) queryTerms.add(form.term);
  const hop = secondHop(
    entry,
    passed,
    touched.filter((text) => !opposite(text)),
    clearly,
    coverage,
    // The share of the query a text's judged item matches, or all of it when the query holds most of the item (pasted).
    (text) => (reverseCoverage(text) >= MATCHING.reverseCutoff ? 1 : (inContent[text] as number) / total),
    { queryTerms, reached, side: (doc) => sides[entry.columns.decision[doc] as number] as number, family: (term) => familyOf(lexicon, term) },
    witnesses,
  );
  let best = 0;
  for (const text of passed) best = Math.max(best, score[text] as number);
  for (const doc of hop.keys()) {
    const text = entry.textOf[doc] as number;
    if (reached(text)) best = Math.max(best, score[text] as number);
  }
  // Unfolded into judgments only when read: a search reads the best few of each text instead (`top-judgments.ts`).
  let kept: Int32Array | undefined;
  return {
    words,
    touched,
    passed: new Set(passed),
    get kept() {
      kept ??= keptOf(entry, passed, hop);
      return kept;
    },
    hop,
    ...witnesses,
    // A judgment admitted through a rare word of its item was not reached by the query: it matched nothing of it.
    matchedWords: (text) => (reached(text) ? (matchedWords[text] as number) : 0),
    main: clauseTotal > 0 ? main.marks : null,
    telling: tells,
    byTelling,
    otherSide,
    weighedBy,
    weightless,
    byClause: (text) => reached(text) && byClause(text),
    best,
    bestCoverage: most,
    score: (text) => (reached(text) ? (score[text] as number) : 0),
    coverage: (text) => (reached(text) ? coverage(text) : 0),
    reverse: (text) => (reached(text) ? reverseCoverage(text) : 0),
    opposite: (text) => reached(text) && opposite(text),
    matches,
  };
}
