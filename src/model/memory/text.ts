/**
 * The text analysis of decision memory: one tokenizer for judgments and queries, so both sides of a match
 * see the same terms.
 */
import porter2 from 'wink-porter2-stemmer';

/** Words that carry no topic: a match on them alone must never make a judgment relevant. */
const STOP_WORDS = new Set(
  (
    'a an and are as at be been but by can could did do does for from had has have he her his how i if in into is it ' +
    'its me my of on or our ours she so such than that the their them then there these they this those to ' +
    'us was we were what when where which who why will with would you your yours all any about after again also ' +
    'am just more most only other over same some should too very via vs during while rather another each every both ' +
    'either neither here own per up down out off get gets got says said may might must shall ' +
    'now yet since whose whom because though although whether else even already many several anywhere'
  ).split(' '),
);

/** The words without a topic of at least 4 letters, whose slips `slippedNegator` reads as them (`wheer`, `shoud`). */
export const LONG_STOP_WORDS: readonly string[] = [...STOP_WORDS].filter((word) => word.length >= 4);

/**
 * Words that say something is absent or not done: they carry no topic themselves but negate the words they govern
 * (see `polarity.ts`): "excludes the resort fee" and "ignored a deletion request" say the fee and the request are
 * left out, as "without" would. A contraction is one word with or without its apostrophe (`doesn't` and `doesnt`,
 * `can't` and `cant`, `won't` and `wont`: see `tokens`).
 */
export const NEGATORS: ReadonlySet<string> = new Set(
  (
    'no not nor none never without lacking lack lacks lacked missing omit omits omitted omitting absent cannot ' +
    'nothing nobody nowhere zero pending blank empty ' +
    'exclude excludes excluded excluding ignore ignores ignored ignoring skip skips skipped skipping removed ' +
    'doesn don didn isn aren wasn weren hasn haven hadn shouldn wouldn couldn ' +
    'doesnt dont didnt isnt arent wasnt werent hasnt havent hadnt shouldnt wouldnt couldnt cant wont mustnt neednt'
  ).split(' '),
);

/**
 * Words of a message around an item rather than of the item: greetings and thanks, days and months, deadlines, asking
 * for a decision and the verdict asked for, the ticket or batch it came in and whether it is ready to go. When no
 * judgment uses one it weighs nothing, like a number; when judgments do, it weighs as any word.
 */
export const MESSAGE_WORDS: ReadonlySet<string> = new Set(
  (
    'hi hello hey dear thanks thank cheers regards team folks everyone everybody someone somebody anyone anybody ' +
    'morning afternoon evening tonight today tomorrow yesterday weekend asap eod eow deadline due please kindly ' +
    'monday tuesday wednesday thursday friday saturday sunday january february march april june july august ' +
    'september october november december jan feb mar apr jun jul aug sep sept oct nov dec ' +
    'ok okay yes fine review reviewed confirm approve approval decision decide verdict action thoughts question ' +
    'noon midnight fyi lgtm ticket batch queue ready forward forwarded forwarding reject ' +
    'wants wanted asks asked basically actually really thing things stuff something anything quick'
  ).split(' '),
);

/**
 * The longest word that is stemmed or matched for spelling: longer tokens (identifiers, hashes, pasted noise) are
 * matched only as they are, so no word can make the analysis slow (the stemmer's regular expressions cost about the
 * cube of a word's length).
 */
export const MAX_WORD_LENGTH = 40;

/**
 * Work done by text analysis since the process started, counted in steps rather than time: characters handed to
 * the stemmer, and cells of the spelling matcher's edit-distance table (see `query.ts`).
 */
export const analysisWork = { stemmedCharacters: 0, editCells: 0 };

/** British spellings folded to the American ones WordNet and most judgments use, before stemming. */
const SPELLINGS: Readonly<Record<string, string>> = {
  colour: 'color',
  colours: 'colors',
  coloured: 'colored',
  licence: 'license',
  licences: 'licenses',
  centre: 'center',
  centres: 'centers',
  grey: 'gray',
  favour: 'favor',
  favourite: 'favorite',
  behaviour: 'behavior',
  organisation: 'organization',
  organisations: 'organizations',
  catalogue: 'catalog',
  programme: 'program',
  theatre: 'theater',
  honour: 'honor',
  labour: 'labor',
  defence: 'defense',
  offence: 'offense',
  offences: 'offenses',
  judgement: 'judgment',
  cheque: 'check',
  advert: 'advertisement',
  adverts: 'advertisements',
  flavour: 'flavor',
  flavours: 'flavors',
  humour: 'humor',
  neighbour: 'neighbor',
  analyse: 'analyze',
  apologise: 'apologize',
  apologising: 'apologizing',
  recognise: 'recognize',
  summarise: 'summarize',
  summarising: 'summarizing',
  personalise: 'personalize',
  personalised: 'personalized',
  sexualised: 'sexualized',
  sexualising: 'sexualizing',
  anonymised: 'anonymized',
  localised: 'localized',
};

/** Stems already computed, so a word read again is not stemmed again; cleared when it reaches `STEM_CACHE_SIZE`. */
const stems = new Map<string, string>();
const STEM_CACHE_SIZE = 50_000;

/** Words Porter2 undoubles into another word: `added` is not `ad`. */
const STEMS: Readonly<Record<string, string>> = { added: 'add', adding: 'add' };

/** The stem of a word that needs no Porter2 run: one left as it is, an exception, or one already stemmed; else undefined. */
function stemKnown(word: string): string | undefined {
  if (word.length <= 2 || word.length > MAX_WORD_LENGTH || /\d/.test(word)) return word;
  return (Object.hasOwn(STEMS, word) ? STEMS[word] : undefined) ?? stems.get(word);
}

/** `stem` without keeping the result, for the many candidate spellings of one slip (see `respelling`): they would flush the cache. */
export function stemOnce(word: string): string {
  return stemKnown(word) ?? porter2Counted(word);
}

/** Porter2 on a word, counted in `analysisWork`. */
function porter2Counted(word: string): string {
  analysisWork.stemmedCharacters += word.length;
  return porter2(word);
}

/**
 * Porter2 (the English Snowball stemmer), so `cures`/`cure`/`curing` and `profane`/`profanity` meet. Numbers, words
 * of 2 letters and words longer than `MAX_WORD_LENGTH` stay as they are.
 * @example stem('captioning') // 'caption'
 */
export function stem(word: string): string {
  const known = stemKnown(word);
  if (known !== undefined) return known;
  const stemmed = porter2Counted(word);
  if (stems.size >= STEM_CACHE_SIZE) stems.clear();
  stems.set(word, stemmed);
  return stemmed;
}

/**
 * The index terms of a text: lowercased words and numbers, stop words, negators and single characters dropped,
 * stemmed.
 * @example terms('Clinically proven claims!') // ['clinic', 'proven', 'claim']
 */
export function terms(text: string): string[] {
  const out: string[] = [];
  for (const word of words(text)) {
    const term = termOf(word);
    if (term !== null) out.push(term);
  }
  return out;
}

/** A word of a text, and what stands between it and the word before. */
export interface Token {
  /** The word, lowercased. */
  readonly word: string;
  /** Punctuation (or a line break) before it ends the clause the words before belong to. */
  readonly breaks: boolean;
  /** Joined to the word before by a hyphen (`opt-out`). */
  readonly joined: boolean;
}

/** An apostrophe and `t` ending a word (`doesn't`, `can’t`). */
const CONTRACTED = /^['’][tT](?![\p{L}\p{N}])/u;

const CLAUSE_BREAK = /[.,;:!?()[\]{}"“”…\n]|\s[-–—]\s/u;

/**
 * The words of a text in order, lowercased, each with whether a clause break or a hyphen precedes it; one pass over
 * the text. A one-letter prefix joins its word (`e-mail` is `email`).
 * @example tokens('no cap, capped').map((t) => t.breaks) // [false, false, true]
 */
export function tokens(text: string): Token[] {
  const out: Token[] = [];
  const pattern = /[\p{L}\p{N}]+/gu;
  let end = 0;
  let prefix = '';
  let prefixGap = '';
  for (let m = pattern.exec(text); m !== null; m = pattern.exec(text)) {
    let gap = text.slice(end, m.index);
    let lower = m[0].toLowerCase();
    end = m.index + m[0].length;
    // `n't` stays on its word, as typed without the apostrophe: `can't` is `cant`, not the stop word `can`.
    if (CONTRACTED.test(text.slice(end, end + 3))) {
      lower += 't';
      end += 2;
      pattern.lastIndex = end;
    }
    if (prefix === '' && lower.length === 1 && /\p{L}/u.test(lower) && text.charAt(end) === '-' && /\p{L}/u.test(text.charAt(end + 1))) {
      prefix = lower;
      prefixGap = gap;
      continue;
    }
    if (prefix !== '') {
      lower = prefix + lower;
      gap = prefixGap;
      prefix = '';
    }
    out.push({ word: lower, breaks: out.length > 0 && CLAUSE_BREAK.test(gap), joined: out.length > 0 && gap === '-' });
  }
  return out;
}

/** Words that end a compound though they carry no topic alone: `pop-up`, `opt-out`, `log-in`, `add-on`, `set-off`. */
const PARTICLES = new Set(['up', 'out', 'in', 'on', 'off', 'down', 'over']);

/** A topic word or a particle, not a negator (`non-refundable` is polarity's). */
const joinable = (word: string) => word !== 'non' && (PARTICLES.has(word) || !isStopWord(word));

/**
 * The words a text writes with a hyphen (with `spaced`, also next to each other in one clause), run together (`pop-up` → `popup`, `post-mortem` → `postmortem`), so either
 * spelling finds the other; only topic words and particles (not `before-and-after`), not numbers (`24-hour`) nor a negating
 * `non-`, which polarity reads.
 * @example joinedWords(tokens('a pop-up and a 24-hour sale')) // ['popup']
 */
export function joinedWords(list: readonly Token[], spaced = false): { word: string; at: number }[] {
  const out: { word: string; at: number }[] = [];
  for (let i = 1; i < list.length; i++) {
    const token = list[i] as Token;
    const before = (list[i - 1] as Token).word;
    if (!(token.joined || (spaced && !token.breaks)) || !joinable(before) || !joinable(token.word) || PARTICLES.has(before) || /\d/.test(before + token.word))
      continue;
    const word = before + token.word;
    if (word.length <= MAX_WORD_LENGTH) out.push({ word, at: i - 1 });
  }
  return out;
}

/** The words of a text as they appear, lowercased; `termOf` turns each into an index term. @example words('e-mail opt-out') // ['email', 'opt', 'out'] */
export function words(text: string): string[] {
  return tokens(text).map((t) => t.word);
}

/** Whether a word carries no topic (a stop word, a negator or a single character). */
export function isStopWord(lower: string): boolean {
  return lower.length < 2 || STOP_WORDS.has(lower) || NEGATORS.has(lower);
}

/** One word as an index term, or null when it carries no topic. @example termOf('Claims') // 'claim' */
export function termOf(word: string): string | null {
  const lower = word.toLowerCase();
  if (isStopWord(lower)) return null;
  return stem(Object.hasOwn(SPELLINGS, lower) ? (SPELLINGS[lower] as string) : lower);
}

/** Endings of adjectives and participles, the words `un-` and `non-` negate (`uncapped`, `unlicensed`, `non-refundable`). */
const ADJECTIVE_ENDING = /(?:ed|en|able|ible|ful|ent|ant|al|ive|ous|ic|ary|ory)$/;

/**
 * The prefix of a word that negates the rest by it, or null: `un` or `non` before at least 5 letters, on an adjective
 * or participle (`uncapped`, `unredacted`, `nonrefundable`), not a verb of undoing (`unsubscribe`, `unlock`).
 * @example negatingPrefix('uncapped') // 'un'
 */
export function negatingPrefix(lower: string): string | null {
  if (lower.length > MAX_WORD_LENGTH || !ADJECTIVE_ENDING.test(lower)) return null;
  for (const prefix of ['non', 'un']) if (lower.startsWith(prefix) && lower.length >= prefix.length + 5) return prefix;
  return null;
}
