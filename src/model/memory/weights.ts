/**
 * What each query word weighs in a ranking: its IDF when judgments use it; a word no judgment uses weighs its best
 * reading, or, read through nothing, a share of the rarest word's weight; numbers, the words of the message around an
 * item, names and adverbs of manner weigh nothing.
 */
import { idf } from './bm25.js';
import { MATCHING } from './matching.js';
import type { MatchKind, QueryWord } from './query.js';
import { MESSAGE_WORDS } from './text.js';

/**
 * Why a query word weighs nothing: a `number` (or a word holding a digit no judgment holds, or the currency of an
 * amount: the `EUR` of `15 EUR`), a word of the `message` around an item no judgment uses (a greeting, a day, a
 * deadline), a `name` no judgment uses, or an adverb of `manner` that neither the judgments nor the related-words
 * table reach (`repeatedly`, `supposedly`, `publicly`).
 */
export type Weightless = 'number' | 'message' | 'name' | 'manner';

/**
 * An adverb made from an adjective or a participle (`repeatedly`, `basically`, `seriously`, `silently`, `publicly`):
 * it says how the item does what it does, not what it is about. The endings leave out adjectives made from nouns
 * (`quarterly`, `friendly`, `costly`), which name a subject.
 */
const MANNER_ADVERB = /^\p{L}{3,}(?:ed|al|ous|ive|ent|ant|ful|ate|ing|ab|ib|ic)ly$/u;

/** Readings of a word no judgment uses that are the word itself, spelt otherwise: they weigh as the word would. */
const SPELT: ReadonlySet<MatchKind> = new Set(['exact', 'stem', 'typo', 'compound', 'prefix']);

/**
 * The words a query writes as names (`Priya`, `Oslo`, `AWB`): capitalised wherever they occur, at least once other than
 * at the start of a sentence, in a query whose words are not mostly capitalised. Lowercased. One no judgment uses weighs nothing, like a number: it names who sent the
 * item or where it goes, not what it is about.
 */
function namesIn(query: string): Set<string> {
  const capitalised = new Set<string>();
  const plain = new Set<string>();
  // Words written in capitals and in lower case, to tell names from a query written in capitals (a title, a shout).
  let capitals = 0;
  let lowers = 0;
  for (const match of query.matchAll(/[\p{L}\p{N}]+/gu)) {
    const word = match[0];
    const lower = word.toLowerCase();
    if (!/^\p{Lu}/u.test(word) || /\p{Lu}/u.test(word.slice(1)) !== /^\p{Lu}+$/u.test(word)) {
      plain.add(lower);
      if (/^\p{Ll}/u.test(word)) lowers++;
      continue;
    }
    capitals++;
    // The start of the query, of a sentence or of a quotation (`'Help flood victims now'`): capitalised as any word
    // would be. Only the spaces and the mark before the word are read, so the whole query is read once.
    let at = match.index - 1;
    while (at >= 0 && /[^\S\n]/.test(query.charAt(at))) at--;
    if (at < 0 || /[.!?:\n]/.test(query.charAt(at)) || openingQuote(query, at)) continue;
    capitalised.add(lower);
  }
  for (const word of plain) capitalised.delete(word);
  // A query written mostly in capitals ("Warehouse Safety Training Slides", "BEER AD FOR GAMERS") names nothing by them.
  return capitals > 2 * lowers ? new Set() : capitalised;
}

/** A short question about the item (`is this`, `can we`, then 1 to 3 words and a question mark), alone in its clause. */
const VERDICT_QUESTION =
  /(?:^|[.?!,;:]\s*|\s[-\u2013\u2014]\s*)(?:is|are|was|can|could|should|may|might|would|will|does|do)\s+(?:this|it|that|these|those|we|i)((?:\s+[\p{L}']+){1,3})\s*\?/giu;

/** What a short question asking for a verdict says of the item: that it may go, or not (`is this acceptable?`). */
const VERDICT_WORDS: ReadonlySet<string> = new Set(
  (
    'acceptable ok okay fine alright allowed permitted permissible appropriate approvable publishable ' +
    'publish approve reject accept allow it this that be to still'
  ).split(' '),
);

/**
 * The words of the query's short questions asking for a verdict on the item, every word of them a verdict's (`is this
 * acceptable?`, `can we publish it?`; not `is it licensed?`, which asks about the item itself).
 */
function verdictQuestions(query: string): Set<string> {
  const words = new Set<string>();
  for (const match of query.matchAll(VERDICT_QUESTION)) {
    const asked = (match[1] as string).trim().toLowerCase().split(/\s+/);
    if (asked.every((word) => VERDICT_WORDS.has(word))) for (const word of asked) words.add(word);
  }
  return words;
}

/**
 * Currencies, by code and by name: after or before an amount (`15 EUR`, `USD 890`) they are its unit. `pounds` after
 * an amount is money or weight, a unit either way.
 */
const CURRENCY = 'eur|euros?|usd|dollars?|gbp|pounds?|quid|chf|francs?|jpy|yen|aud|cad|nzd|sek|nok|dkk|inr|rupees?|cents?|pence';
const AMOUNT_CURRENCY = new RegExp(`\\d\\s*(?:k|m|bn)?\\s+(${CURRENCY})\\b|\\b(${CURRENCY})\\s*\\d`, 'giu');

/** The currencies the query names as an amount's unit: a price says nothing of the subject, its currency no more than its number. */
function amountCurrencies(query: string): Set<string> {
  const words = new Set<string>();
  for (const match of query.matchAll(AMOUNT_CURRENCY)) words.add(((match[1] ?? match[2]) as string).toLowerCase());
  return words;
}

/** Whether the character at `at` opens a quotation (a quote mark after a space, a colon or the start): what it quotes starts a sentence. */
function openingQuote(query: string, at: number): boolean {
  return /['"\u2018\u201c]/.test(query.charAt(at)) && (at === 0 || /[\s:]/.test(query.charAt(at - 1)));
}

/** The weights of a query's words (see the module), with the reading each unused word weighs by and why a word weighs nothing. */
export function queryWeights(
  query: string,
  words: readonly QueryWord[],
  n: number,
  df: (term: string) => number,
): { weights: number[]; weighedBy: (string | null)[]; weightless: (Weightless | null)[] } {
  const weighedBy: (string | null)[] = words.map(() => null);
  const weightless: (Weightless | null)[] = words.map(() => null);
  let names: Set<string> | undefined;
  let asked: Set<string> | undefined;
  let currencies: Set<string> | undefined;
  const none = (g: number, why: Weightless) => {
    weightless[g] = why;
    return 0;
  };
  const weights = words.map((w, g) => {
    // A number (a price, an age, a release, a ticket) says nothing about the subject, whether or not a judgment holds
    // it: "applicants aged 20 to 28" is not about "an hourly rate of 24 to 28 dollars".
    if (/^\d+$/.test(w.word)) return none(g, 'number');
    // ...nor does the currency of an amount: "declared at 15 EUR" is not about every judgment priced in euros.
    if ((currencies ??= amountCurrencies(query)).has(w.word)) return none(g, 'number');
    // A short question asking for a verdict (`is this acceptable?`) is the message's, whatever the judgments say.
    if (VERDICT_WORDS.has(w.word) && (asked ??= verdictQuestions(query)).has(w.word)) return none(g, 'message');
    if (df(w.term) > 0) return idf(n, df(w.term));
    // Nor, when no judgment uses them, do the words of the message around an item (greetings, days, deadlines, asking
    // for a decision) and names, whatever they could be read as (`thanks` is no word about `help`).
    if (MESSAGE_WORDS.has(w.word)) return none(g, 'message');
    names ??= namesIn(query);
    if (names.has(w.word)) return none(g, 'name');
    // A word no judgment uses, read through related words, weighs its best reading's IDF times that reading's weight:
    // known only through a far reading (`migraine` for `headaches`), it says less of what the query is about. A
    // spelling slip, its parts or the word it abbreviates are the word itself.
    let best = 0;
    for (const f of w.forms) {
      const reading = (SPELT.has(f.via) ? 1 : f.weight) * idf(n, df(f.term));
      if (reading > best) [best, weighedBy[g]] = [reading, f.term];
    }
    if (w.forms.length > 0) return best;
    // Nor does a word holding a digit no judgment holds (`5pm`, `v2`), nor an adverb of manner read through nothing
    // ("swears repeatedly" is about swearing); an unknown word does.
    if (/\d/.test(w.word)) return none(g, 'number');
    return MANNER_ADVERB.test(w.word) ? none(g, 'manner') : MATCHING.unseenWeight * idf(n, 0);
  });
  return { weights, weighedBy, weightless };
}
