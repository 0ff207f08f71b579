import { readFileSync, writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { synonymTableSource } from '../../../scripts/memory-synonyms.js';
import { judgmentIndex } from '../../../src/model/memory/index.js';
import { LATER_SENSE, parseSynonyms } from '../../../src/model/memory/lexicon.js';
import { analyseQuery } from '../../../src/model/memory/query.js';
import { reportOf } from '../../../src/model/memory/report.js';
import { respelling } from '../../../src/model/memory/respelling.js';
import { editDistance } from '../../../src/model/memory/spelling.js';
import { loadSynonyms, NO_SYNONYMS } from '../../../src/model/memory/synonyms.js';
import { joinedWords, negatingPrefix, terms, tokens, words } from '../../../src/model/memory/text.js';
import type { JudgmentRecord } from '../../../src/model/state/entities.js';
import { vocabulary } from '../../support/judgments.js';

const TABLE = new URL('../../../src/model/memory/synonyms-table.ts', import.meta.url);
/** `npm run synonyms:memory` sets this to rewrite the committed table instead of comparing with it. */
const WRITE = process.env['MEMORY_SYNONYMS_WRITE'] === '1';

const judgment = (content: string, reasoning = ''): JudgmentRecord => ({
  recordId: 'act_x',
  reasoning,
  decision: 'rejected',
  confidence: 1,
  judgeType: 'human',
  contentType: '',
  actionUser: { userId: 'u1' },
  createdAt: 0,
  agent: null,
  content,
});

const plain = { negated: false, clouded: false, prefixed: false };

describe('decision-memory text analysis', () => {
  it('stems with Porter2, so inflections meet, and keeps `added` apart from `ad`', () => {
    expect(terms('cures cured curing cure')).toEqual(['cure', 'cure', 'cure', 'cure']);
    expect(terms('profane profanity')).toEqual(['profan', 'profan']);
    expect(terms('captioned captioning captions')).toEqual(['caption', 'caption', 'caption']);
    expect(terms('added adding ad')).toEqual(['add', 'add', 'ad']);
  });

  it('reads negators as no topic of their own, and British spellings as American ones', () => {
    expect(terms("lacking without no missing doesn't never")).toEqual([]);
    expect(terms('licence colour centre')).toEqual(terms('license color center'));
    expect(words('an e-mail with an opt-out')).toEqual(['an', 'email', 'with', 'an', 'opt', 'out']);
  });

  it('reads the words that join clauses, relate them in time or cause, or stress them as no topic: `now`, `since`, `because`, `even`', () => {
    expect(terms('a traveller who never turned up and now wants a refund')).toEqual(terms('a traveller who never turned up and wants a refund'));
    expect(terms('now yet since whose whom because though although whether else even already many several anywhere')).toEqual([]);
  });

  it('reads words that name a property of every object (`constructor`, `toString`) as words', () => {
    expect(terms('constructor toString valueOf')).toEqual(['constructor', 'tostr', 'valueof']);
  });

  it('knows the prefixes that negate an adjective or participle, not a verb of undoing', () => {
    expect(['uncapped', 'unlicensed', 'nonrefundable', 'unredacted'].map(negatingPrefix)).toEqual(['un', 'un', 'non', 'un']);
    expect(['unsubscribe', 'unlock', 'united', 'under', 'unit'].map(negatingPrefix)).toEqual([null, null, null, null, null]);
  });

  it('counts edits with a swap of neighbours as one, and gives up past the limit', () => {
    expect(editDistance('typefase', 'typeface', 1)).toBe(1);
    expect(editDistance('politcal', 'political', 1)).toBe(1);
    expect(editDistance('form', 'from', 1)).toBe(1);
    expect(editDistance('health', 'wealthy', 1)).toBe(2);
  });
});

describe('decision-memory query analysis', () => {
  const vocab = vocabulary(['Forum reply full of profanity', 'Diet shake for weight loss', 'No unsubscribe link', 'Off-brand typeface']);

  it('matches a word no judgment uses by one edit, by its parts, or as an abbreviation', () => {
    const [typo, weight, loss, unsub] = analyseQuery('profanty weightloss unsub', vocab, NO_SYNONYMS);
    expect(typo).toEqual({ word: 'profanty', term: 'profanti', ...plain, forms: [{ term: 'profan', weight: 1, via: 'typo', inverted: false }] });
    expect([weight?.word, loss?.word]).toEqual(['weight', 'loss']);
    expect(weight?.forms).toEqual([{ term: 'weight', weight: 0.8, via: 'compound', inverted: false }]);
    expect(unsub?.forms).toEqual([{ term: 'unsubscrib', weight: 0.6, via: 'prefix', inverted: false }]);
  });

  it('reads a slip in a word only the lexicon knows through that word’s related words, when one word fits', () => {
    const lexicon = parseSynonyms('headach <migrain\nillustri note');
    const [migraine] = analyseQuery('migrrain', vocabulary(['Pills that cure headaches']), lexicon);
    expect(migraine?.forms).toEqual([{ term: 'headach', weight: 0.8 * 0.5, via: 'misspelling', inverted: false }]);
    // `illustration` (`illustr`) is one edit from `illustrious` (`illustri`), but stems ending apart are other words.
    expect(analyseQuery('illustration', vocabulary(['A note on pricing']), lexicon)[0]?.forms).toEqual([]);
    // Two words of the lexicon fit `ballat` (`ballet`, `ballot`): neither is read.
    expect(analyseQuery('ballat', vocabulary(['Vote by post']), parseSynonyms('ballot vote\nballet vote'))[0]?.forms).toEqual([]);
  });

  it('reads a slip in a judgment word as that word would read, through its related words too', () => {
    const lexicon = parseSynonyms('explain +explan');
    const [slip] = analyseQuery('explanaion', vocabulary(['Location asked with a clear explanation', 'App explains why']), lexicon);
    expect(slip?.forms).toEqual([
      { term: 'explan', weight: 1, via: 'typo', inverted: false },
      { term: 'explain', weight: 0.8 * 0.6, via: 'derivation', inverted: false },
    ]);
  });

  it('undoes a slip that changes how a word stems, and reads the word it hides as that word would read', () => {
    // `ntification` stems to `ntific`, `notification` to `notif`: no stem is one edit from the other.
    expect(respelling('ntification', (s) => s === 'notif', [['notif']])).toBe('notification');
    const [notice] = analyseQuery('ntification', vocabulary(['Outage notice sent a day ahead']), parseSynonyms('notif +notifi\nnotic +notifi'));
    expect(notice?.forms).toEqual([{ term: 'notic', weight: 0.8 * 0.8, via: 'misspelling', inverted: false }]);
    // `childrn` is `children`, an irregular form read as `child` is, with its synonym `minor`.
    const [minors] = analyseQuery('childrn', vocabulary(['Ad showing minors drinking']), parseSynonyms('child ~children minor'));
    expect(minors?.forms).toEqual([{ term: 'minor', weight: 0.6, via: 'misspelling', inverted: false }]);
    // A real word one edit from a word of another ending is no slip of it (`illustration`, `illustri`); of two words
    // one slip away, the one a swap of neighbours reaches, else neither.
    expect(respelling('illustration', (s) => s === 'illustri', [['illustri']])).toBeNull();
    expect(respelling('contarcts', (s) => s === 'contract' || s === 'contact', [['contract', 'contact']])).toBe('contracts');
    expect(respelling('brigdes', (s) => s === 'bridg', [['bridg']])).toBe('bridges');
    expect(respelling('ballats', (s) => s === 'ballot' || s === 'ballet', [['ballot', 'ballet']])).toBeNull();
  });

  it('reads a word the judgments spell the other way, British or American, as the same word', () => {
    const [british] = analyseQuery('sexualising', vocabulary(['Costume advert sexualizing nurses']), NO_SYNONYMS);
    expect(british?.forms).toEqual([{ term: 'sexual', weight: 1, via: 'stem', inverted: false }]);
    const [american] = analyseQuery('utilization', vocabulary(['Low utilisation of the fleet']), NO_SYNONYMS);
    expect(american?.forms).toEqual([{ term: 'utilis', weight: 1, via: 'stem', inverted: false }]);
    // A respelling no judgment uses (`promize`) is nothing.
    expect(analyseQuery('promise', vocabulary(['Refund policy']), NO_SYNONYMS)[0]?.forms).toEqual([]);
  });

  it('leaves short unknown words alone: one edit between short words is usually another word', () => {
    expect(analyseQuery('foul', vocabulary(['four']), NO_SYNONYMS)[0]?.forms).toEqual([]);
  });

  it('adds related words the judgments use, weighed below the word itself, and lower when the judgments use the word too', () => {
    const lexicon = parseSynonyms('font typefac\nliabil +liabl');
    expect(analyseQuery('wrong font', vocab, lexicon)).toEqual([
      { word: 'wrong', term: 'wrong', ...plain, forms: [] },
      { word: 'font', term: 'font', ...plain, forms: [{ term: 'typefac', weight: 0.6, via: 'synonym', inverted: false }] },
    ]);
    const known = analyseQuery('liable', vocabulary(['Supplier is liable', 'Liability clause']), lexicon)[0];
    expect(known?.forms).toEqual([
      { term: 'liabl', weight: 1, via: 'exact', inverted: false },
      { term: 'liabil', weight: 0.48, via: 'derivation', inverted: false },
    ]);
  });

  it('keeps which words the query negates, and reads `un-` words as the negation of the word they hold', () => {
    const capped = vocabulary(['Liability capped at twelve months of fees']);
    expect(analyseQuery('no cap on liability', capped, NO_SYNONYMS).map((w) => [w.word, w.negated])).toEqual([
      ['no', false],
      ['cap', true],
      ['liability', false],
    ]);
    const uncapped = analyseQuery('uncapped liability', capped, NO_SYNONYMS)[0];
    expect(uncapped).toMatchObject({ word: 'uncapped', prefixed: true, forms: [{ term: 'cap', via: 'negated', inverted: true }] });
  });

  it('reads an irregular form no judgment uses as its base word, related words included', () => {
    const swore = analyseQuery('swore', vocabulary(['Agent cursed at a customer']), parseSynonyms('swear ~swore\ncurs swear'))[0];
    expect(swore?.forms).toEqual([{ term: 'curs', weight: 0.6, via: 'synonym', inverted: false }]);
  });

  it('weighs a relation through a later sense of either word (`.` in the table) below one between their usual senses', () => {
    const lexicon = parseSynonyms('cure .remedi\nmedicin remedi\nsign_up =regist .=enrol');
    expect(lexicon.related.get('remedi')).toEqual([
      { term: 'cure', kind: 'synonym', weight: LATER_SENSE },
      { term: 'medicin', kind: 'synonym', weight: 1 },
    ]);
    const remedy = analyseQuery('remedy', vocabulary(['Tea that claims to cure a cold', 'Cough medicine']), lexicon)[0];
    expect(remedy?.forms).toEqual([
      { term: 'cure', weight: 0.6 * LATER_SENSE, via: 'synonym', inverted: false },
      { term: 'medicin', weight: 0.6, via: 'synonym', inverted: false },
    ]);
    const enrol = analyseQuery('sign up', vocabulary(['Enrol in the course', 'Register now']), lexicon).find((w) => w.term === 'sign_up');
    expect(enrol?.forms).toEqual([
      { term: 'regist', weight: 0.7, via: 'phrase', inverted: false },
      { term: 'enrol', weight: 0.7 * LATER_SENSE, via: 'phrase', inverted: false },
    ]);
  });

  it('reads a phrase of the lexicon as the word it means', () => {
    const phrase = analyseQuery('sign up', vocabulary(['Contract for the venue']), parseSynonyms('sign_up =contract')).find((w) => w.term === 'sign_up');
    expect(phrase).toMatchObject({ word: 'sign up', term: 'sign_up', forms: [{ term: 'contract', via: 'phrase', weight: 0.7 }] });
  });
});

describe('decision-memory index', () => {
  it('finds paraphrases through related words and keeps unrelated queries out', async () => {
    const index = judgmentIndex([judgment('Live chat agent cursing at a customer'), judgment('Quarterly tax filing')], await loadSynonyms());
    expect(index.search('agent swearing in the live chat').map((h) => h.index)).toEqual([0]);
    expect(index.search('vegan lunch menu')).toEqual([]);
  });

  it('reports the terms each judgment matched and the judgments that came close', async () => {
    const list = [judgment('Forum reply full of profanity', 'Abusive language'), judgment('Forum rules page'), judgment('Reply to a survey')];
    const report = reportOf(judgmentIndex(list, await loadSynonyms()), 'profanty in a forum reply');
    expect(report.hits.map((h) => [h.index, h.matched])).toEqual([
      [
        0,
        [
          { word: 'profanty', term: 'profan', via: 'typo', polarity: 'same' },
          { word: 'forum', term: 'forum', via: 'exact', polarity: 'same' },
          { word: 'reply', term: 'repli', via: 'exact', polarity: 'same' },
        ],
      ],
    ]);
    expect(report.near.map((h) => h.index)).toEqual([1, 2]);
  });
});

describe('hyphenated words', () => {
  it('are also indexed run together, so `popup` finds a pop-up and `pop-up` a popup', async () => {
    const list = [judgment('Pop-up with a ten-minute timer on the offer'), judgment('Popup asking for an email address'), judgment('Quarterly tax filing')];
    const index = judgmentIndex(list, await loadSynonyms());
    expect(index.search('popup timer').map((h) => h.index)).toContain(0);
    const report = reportOf(index, 'pop-up email address');
    expect(report.hits.map((h) => h.index)).toContain(1);
    expect(report.words.map((w) => [w.word, w.forms[0]?.term])).toContainEqual(['pop-up', 'popup']);
  });

  it('are stated as their first part is: a page where nobody can sign up is not the one linking the sign-up', async () => {
    const list = [judgment('Linked the official tournament sign-up page'), judgment('Tournament page with no sign-up link'), judgment('Quarterly tax filing')];
    const report = reportOf(judgmentIndex(list, await loadSynonyms()), "tournament page where players can't sign up");
    expect(report.hits.map((h) => h.index)).toEqual([1]);
  });

  it('join topic words and particles only: no `beforeandafter`, no `24hour`, no `nonrefundable`', () => {
    const joined = joinedWords(tokens('before-and-after photos, a 24-hour sale, a non-refundable fee, a post-mortem, an opt-out link'));
    expect(joined.map((j) => j.word)).toEqual(['postmortem', 'optout']);
  });
});

describe('decision-memory second hop', () => {
  it('admits a judgment the query touched when it closely resembles one the query clearly found', async () => {
    const list = [
      judgment('Supplement ad claiming the capsules cure anxiety', 'Disease cure claims are prohibited'),
      judgment('Herbal tea label claiming it cures colds', 'Disease cure claims are prohibited'),
      judgment('Poster with a bright yellow background', 'Colours match the brand'),
      judgment('Quarterly tax filing reminder', 'Accurate dates'),
    ];
    const report = reportOf(judgmentIndex(list, await loadSynonyms()), 'supplement marketed as a cure for anxiety disorders');
    expect(report.hits.map((h) => [h.index, h.resembles])).toEqual([
      [0, undefined],
      [1, 0],
    ]);
    expect(report.hits[1]?.coverage).toBeLessThan(0.3);
  });

  it('admits a judgment about an item holding a word of the query when its reviewer gave the same reason as the seed', async () => {
    const list = [
      judgment('Live chat transcript where the agent cursed at a customer', 'Profanity is not allowed'),
      judgment(
        'Help center comment from a frustrated annual subscriber with swear words directed at the billing team after a refund delay',
        'Profanity is not allowed',
      ),
      judgment('Poster headline set in Comic Sans', 'Profanity is not allowed'),
      judgment('Quarterly tax filing reminder', 'Accurate dates'),
    ];
    const report = reportOf(judgmentIndex(list, await loadSynonyms()), 'support agent swore at a shopper during live chat');
    expect(report.hits.map((h) => [h.index, h.resembles])).toEqual([
      [0, undefined],
      [1, 0],
    ]);
    // The poster gives the same reason, but its item holds no word of the query.
    expect(report.hits[1]?.coverage).toBeLessThan(0.3);
    expect(report.hits[1]?.sameReason).toBe(true);
  });

  it('lets any judgment whose item clearly matches vouch by its reason, however far behind the best match', async () => {
    const list = [
      judgment('Ticket page shows a low base price and adds booking and handling fees at the last step', 'Hidden fees revealed late are deceptive'),
      judgment('New checkout adding a mandatory service fee only at the final payment step', 'Fee must be in the price shown from the first screen'),
      judgment('Hotel listing quoting a nightly rate that excludes the resort fee', 'Mandatory resort fee must be part of the headline price'),
      judgment('Quarterly tax filing reminder', 'Accurate dates'),
    ];
    const report = reportOf(judgmentIndex(list, await loadSynonyms()), 'hidden fees added at the last step');
    expect(report.hits.map((h) => [h.index, h.resembles])).toEqual([
      [0, undefined],
      [1, undefined],
      [2, 1],
    ]);
    // The second judgment covers about half of what the best does: too far behind to vouch by resemblance alone.
    expect(report.hits[1]?.coverage).toBeLessThan(0.6 * (report.hits[0]?.coverage ?? 0));
  });

  it('takes no reason from a seed the query found through its reasoning: a reason often states the rule, not the case', async () => {
    const list = [
      judgment('Checkout adds a mandatory service fee at the last step', 'The full price must be shown upfront'),
      judgment(
        'Hotel listing for a seaside suite with a nightly rate that leaves out the resort fee and the parking charge',
        'Full price belongs in the headline',
      ),
      judgment('Quarterly tax filing reminder', 'Accurate dates'),
    ];
    const report = reportOf(judgmentIndex(list, await loadSynonyms()), 'fees shown upfront');
    expect(report.hits.map((h) => h.index)).toEqual([0]);
  });

  it('needs a clearly found judgment to vouch: two weak matches stay out', async () => {
    const list = [
      judgment('Herbal tea label claiming it cures colds', 'Disease cure claims are prohibited'),
      judgment('Cure claims on a vitamin page'),
      judgment('Quarterly tax filing reminder'),
    ];
    expect(judgmentIndex(list, await loadSynonyms()).search('wooden garden furniture cure')).toEqual([]);
  });
});

describe('the related-words table', () => {
  it('is the generator output from WordNet, byte for byte', () => {
    const source = synonymTableSource();
    if (WRITE) writeFileSync(TABLE, source);
    expect(readFileSync(TABLE, 'utf8')).toBe(source);
  });

  it('holds synonyms of attested early senses, derivations, irregular inflections and opposites by prefix, never new/young', async () => {
    const lexicon = await loadSynonyms();
    const related = (stem: string) => (lexicon.related.get(stem) ?? []).map((r) => `${r.kind}:${r.term}`);
    expect(related('curs')).toContain('synonym:swear');
    expect(related('liabl')).toContain('derivation:liabil');
    expect(related('swore')).toContain('inflection:swear');
    expect(related('child')).toContain('inflection:children');
    expect(related('illeg')).toContain('opposite:legal');
    // A verb in `un-` undoes its partner rather than denying it: `unlock` is no opposite of `lock`.
    expect(related('unlock')).not.toContain('opposite:lock');
    expect(related('unpack')).not.toContain('opposite:pack');
    expect(related('new')).not.toContain('synonym:young');
  });

  it('holds later senses weighed lower, adjectives to the nouns they pertain to, and British spellings', async () => {
    const lexicon = await loadSynonyms();
    const related = (stem: string) => (lexicon.related.get(stem) ?? []).map((r) => `${r.kind}:${r.term}:${r.weight}`);
    // `cure` is the usual sense of the noun; `remedy` names it in its second sense.
    expect(related('cure')).toContain(`synonym:remedi:${LATER_SENSE}`);
    expect(related('presidenti')).toContain('derivation:presid:1');
    expect(related('colour')).toContain('inflection:color:1');
    expect(related('organis')).toContain('inflection:organ:1');
  });
});
