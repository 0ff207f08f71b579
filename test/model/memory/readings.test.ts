import { describe, expect, it } from 'vitest';
import { explainDecision } from '../../../src/model/memory/explain.js';
import { judgmentIndex } from '../../../src/model/memory/index.js';
import { parseSynonyms } from '../../../src/model/memory/lexicon.js';
import { analyseQuery } from '../../../src/model/memory/query.js';
import { suggestDecision } from '../../../src/model/memory/suggest.js';
import { loadSynonyms } from '../../../src/model/memory/synonyms.js';
import { familyOf } from '../../../src/model/memory/witnesses.js';
import { type JudgmentRow, namespaceOfRows, OTHER_SUBJECTS, vocabulary } from '../../support/judgments.js';

async function ask(rows: readonly JudgmentRow[], query: string) {
  const ns = namespaceOfRows(rows);
  const index = judgmentIndex(ns.judgments, await loadSynonyms());
  return { primary: suggestDecision(ns, { query }, 2_000, index).primary, why: explainDecision(ns, { query }, 2_000, index) };
}

describe('words no judgment uses', () => {
  it('reads a word whose related words no judgment uses through its derivations’ derivations, weighed as two derivations', () => {
    const lexicon = parseSynonyms('notif +notifi\nnotic +notifi');
    const [notification] = analyseQuery('notification', vocabulary(['Maintenance window notice sent ahead']), lexicon);
    expect(notification?.forms).toEqual([{ term: 'notic', weight: 0.8 * 0.8, via: 'derivation', inverted: false }]);
    // A word with a reading of its own keeps it alone; the word itself is never its own second derivation.
    const direct = analyseQuery('notification', vocabulary(['Notify the customer', 'Maintenance notice']), lexicon)[0];
    expect(direct?.forms).toEqual([{ term: 'notifi', weight: 0.8, via: 'derivation', inverted: false }]);
  });

  it('weighs a word read only through related words by its best reading, times that reading’s weight, and explain names that reading', async () => {
    const rows: JudgmentRow[] = [
      ['Essential oil listing that promises to heal migraines', 'Unsubstantiated health claim', 'rejected'],
      ['Herbal tea label saying it cures the common cold', 'Cannot claim a product cures an illness', 'rejected'],
      ...OTHER_SUBJECTS,
    ];
    const { primary, why } = await ask(rows, 'herbal remedy for healing headaches');
    // `headaches` reaches `migraines` only as a narrower term through a later sense: it weighs what that match gives.
    const headaches = why.words.find((w) => w.word === 'headaches');
    expect(headaches).toMatchObject({ weighedBy: 'migrain', matches: [{ term: 'migrain', via: 'narrower', weight: 0.35 }] });
    expect(why.words.find((w) => w.word === 'herbal')?.weighedBy).toBeUndefined();
    expect(why.relevant.map((j) => j.recordId)).toEqual(['act_0', 'act_1']);
    expect(primary).toMatchObject({ recommendation: 'reject', basedOn: 2 });
    // `herbal` and `migraines` are each held by one judgment, so they weigh alike; `headaches` weighs 0.35 of that.
    const two = (await ask(rows, 'herbal headaches')).why;
    expect(two.near.find((j) => j.recordId === 'act_1')?.coverage ?? two.relevant[0]?.coverage).toBeCloseTo(1 / 1.35, 2);
    // A spelling slip is the word itself: `herbel` weighs what `herbal` does, and a match through it counts as much.
    const slip = (await ask(rows, 'herbel headaches')).why;
    expect([...slip.relevant, ...slip.near].find((j) => j.recordId === 'act_1')?.coverage).toBeCloseTo(1 / 1.35, 2);
  });
});

describe('the related-words table', () => {
  it('reads the only sense WordNet gives a common word as its usual one, tagged or not', async () => {
    const lexicon = await loadSynonyms();
    const related = (stem: string) => (lexicon.related.get(stem) ?? []).map((r) => `${r.kind}:${r.term}:${r.weight}`);
    expect(related('info')).toContain('synonym:inform:1');
    // `headache` names the pain in its second sense, tagged often enough to count, weighed lower.
    expect(related('migrain')).toContain('broader:headach:0.7');
  });
});

describe('resemblance through a family of words', () => {
  it('reads a word of the seed and another of its family (a derivation) as one shared word, and explain shows the pairs', async () => {
    const rows: JudgmentRow[] = [
      ['YouTube review by a creator who discloses the sponsorship in the first 30 seconds', 'Sponsorship disclosed early', 'approved'],
      ['Sponsored Instagram story with a clear paid partnership label', 'Disclosure is clear and upfront', 'approved'],
      ...OTHER_SUBJECTS,
    ];
    const { primary, why } = await ask(rows, 'YouTuber discloses the sponsorship at the start of the video');
    const second = why.relevant.find((j) => j.recordId === 'act_1');
    expect(second).toMatchObject({ resembles: 'act_0', family: ['sponsorship/sponsor', 'disclos/disclosur'], counted: true });
    expect(second?.why).toContain('reading "sponsorship" as "sponsor", "disclos" as "disclosur" (one family)');
    expect(primary).toMatchObject({ recommendation: 'approve', basedOn: 2 });
  });

  it('leaves agent nouns out of a family: a script read aloud is not an item for screen readers', async () => {
    const lexicon = await loadSynonyms();
    expect(familyOf(lexicon, 'disclos')).toContain('disclosur');
    expect(familyOf(lexicon, 'read')).not.toContain('reader');
    const rows: JudgmentRow[] = [
      ['Podcast sponsorship read script mentioning NovaPhone', 'Script follows the disclosure rules', 'approved'],
      ['Image alt text describing NovaPhone for screen readers', 'Alt text is descriptive', 'approved'],
      ...OTHER_SUBJECTS,
    ];
    const { primary, why } = await ask(rows, 'podcast sponsorship read script');
    expect(why.relevant.map((j) => j.recordId)).toEqual(['act_0']);
    expect(primary).toBeNull();
  });
});
