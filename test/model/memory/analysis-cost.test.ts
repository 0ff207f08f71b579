import { describe, expect, it } from 'vitest';
import { judgmentIndex } from '../../../src/model/memory/index.js';
import { MAX_FUZZY_LENGTH, MAX_FUZZY_WORDS, MAX_RESPELT_WORDS } from '../../../src/model/memory/query.js';
import { MAX_SPELLING_CELLS } from '../../../src/model/memory/spelling.js';
import { loadSynonyms, NO_SYNONYMS } from '../../../src/model/memory/synonyms.js';
import { analysisWork, MAX_WORD_LENGTH } from '../../../src/model/memory/text.js';
import type { JudgmentRecord } from '../../../src/model/state/entities.js';

const record = (content: string, i: number): JudgmentRecord => ({
  recordId: `act_cost_${i}`,
  reasoning: 'Reviewed',
  decision: 'rejected',
  confidence: 1,
  judgeType: 'human',
  contentType: '',
  actionUser: { userId: 'u1' },
  createdAt: i,
  agent: null,
  content,
});

/**
 * A history whose vocabulary holds `n` distinct 24-letter words that differ only in their last letters: the worst
 * for a spelling match, which cannot give up on such a word before its end.
 */
function history(n: number): JudgmentRecord[] {
  const words = Array.from({ length: n }, (_, i) => `p${'x'.repeat(MAX_FUZZY_LENGTH - 4)}${i.toString(26).padStart(3, 'a')}`);
  return words.map((w, i) => record(`Poster with ${w} and a profanity filter`, i));
}

/** The steps text analysis takes while `fn` runs. */
function workOf(fn: () => unknown): { stemmedCharacters: number; editCells: number } {
  const before = { ...analysisWork };
  fn();
  return { stemmedCharacters: analysisWork.stemmedCharacters - before.stemmedCharacters, editCells: analysisWork.editCells - before.editCells };
}

describe('what reading a query costs, counted in steps', () => {
  it('never stems or spell-matches a word past the longest a word can be', async () => {
    const index = judgmentIndex(history(300), await loadSynonyms());
    index.search('warm up');
    expect(workOf(() => index.search('a'.repeat(100_000)))).toEqual({ stemmedCharacters: 0, editCells: 0 });
    expect(workOf(() => index.search(Array.from({ length: 10 }, (_, i) => `${'p'.repeat(999)}${i}`).join(' ')))).toEqual({
      stemmedCharacters: 0,
      editCells: 0,
    });
    expect(MAX_WORD_LENGTH).toBe(40);
  });

  it('bounds the spelling work of a long paste of unknown words, however many the index knows', async () => {
    const surfaces = 300;
    const index = judgmentIndex(history(surfaces), await loadSynonyms());
    index.search('warm up');
    // 2,000 characters of unknown 24-letter words that differ from the index's words only in their last letters.
    const query = Array.from({ length: 80 }, (_, i) => `p${'x'.repeat(MAX_FUZZY_LENGTH - 4)}z${i.toString(26).padStart(2, 'a')}`).join(' ');
    expect(query.length).toBeLessThanOrEqual(2000);
    const work = workOf(() => index.search(query));
    expect(work.editCells).toBeGreaterThan(MAX_FUZZY_WORDS * surfaces * MAX_FUZZY_LENGTH);
    // Each of at most MAX_FUZZY_WORDS words compares with each same-initial word of at most its length + 2.
    expect(work.editCells).toBeLessThanOrEqual(MAX_FUZZY_WORDS * (surfaces + 10) * (MAX_FUZZY_LENGTH + 1) * (MAX_FUZZY_LENGTH + 3));
    // Each word is stemmed for its term and its phrases, and a fuzzy word's run-together parts once each.
    expect(work.stemmedCharacters).toBeLessThanOrEqual(2 * query.length + MAX_FUZZY_WORDS * MAX_FUZZY_LENGTH * MAX_FUZZY_LENGTH);
  });

  it('undoes the slips of at most a few words of a query, and stems no spelling that begins as no known word', async () => {
    const index = judgmentIndex([record('Outage notice sent a day ahead', 0), record('Maintenance window announced', 1)], await loadSynonyms());
    index.search('warm up');
    // What reading the words costs without undoing any slip: their terms, phrases and run-together parts.
    const reading = (query: string) => 2 * query.length + MAX_FUZZY_WORDS * MAX_FUZZY_LENGTH * MAX_FUZZY_LENGTH;
    // 16 words of 12 letters no known word begins as: no spelling of theirs is stemmed.
    const gibberish = Array.from({ length: 16 }, (_, i) => `qzxzxzxzxzx${String.fromCharCode(97 + i)}`).join(' ');
    expect(workOf(() => index.search(gibberish)).stemmedCharacters).toBeLessThanOrEqual(reading(gibberish));
    // Words beginning as `notify` does, none a slip of a known word: 16 of them cost about what 3 do, since only
    // MAX_RESPELT_WORDS are tried (each through its 53 neighbours a position).
    const lookalikes = (n: number, tail: string) => Array.from({ length: n }, (_, i) => `notixqzwvk${String.fromCharCode(97 + i)}${tail}`).join(' ');
    const few = workOf(() => index.search(lookalikes(3, 'b'))).stemmedCharacters;
    const many = workOf(() => index.search(lookalikes(16, 'c'))).stemmedCharacters;
    expect(MAX_RESPELT_WORDS).toBeLessThanOrEqual(3);
    expect(few).toBeGreaterThan(3 * 53 * 5 * 12);
    expect(many).toBeLessThan(1.5 * few);
  });

  it('caps the spelling work of one query, however many look-alike words the index knows', async () => {
    const index = judgmentIndex(history(5000), await loadSynonyms());
    index.search('warm up');
    const query = Array.from({ length: 80 }, (_, i) => `p${'x'.repeat(MAX_FUZZY_LENGTH - 4)}z${i.toString(26).padStart(2, 'a')}`).join(' ');
    const work = workOf(() => index.search(query));
    // Uncapped, each of 16 words would fill about 600 cells for each of the 5,000 look-alikes: 48 million.
    expect(work.editCells).toBeGreaterThan(MAX_SPELLING_CELLS / 2);
    // The last comparison begun may finish past the cap.
    expect(work.editCells).toBeLessThanOrEqual(MAX_SPELLING_CELLS + (MAX_FUZZY_LENGTH + 3) * (MAX_FUZZY_LENGTH + 1));
  });

  it('records and indexes a judgment holding a 100,000-character word without stemming it', async () => {
    const long = `${'z'.repeat(100_000)}`;
    const work = workOf(() => judgmentIndex([record(`Banner ${long} text`, 0)], NO_SYNONYMS).search('banner'));
    expect(work.stemmedCharacters).toBeLessThan(50);
  });
});
