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
    'either neither here own per up down out off get gets got says said may might must shall'
  ).split(' '),
);

/** The one term every way of saying "there is none" becomes: `no`, `without`, `lacking`, `missing`, `doesn't`... */
export const NEGATION_TERM = 'no';

/**
 * Words that say something is absent or not done; they all become `NEGATION_TERM`, so "lacking an unsubscribe
 * link" and "without an unsubscribe link" share it. `doesn`/`don`/`isn`... are what the tokenizer leaves of `doesn't`.
 */
const NEGATIONS = new Set(
  (
    'no not nor none never without lacking lack lacks lacked missing omit omits omitted omitting absent cannot ' +
    'doesn don didn isn aren wasn weren hasn haven hadn shouldn wouldn couldn'
  ).split(' '),
);

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

/**
 * Porter2 (the English Snowball stemmer), so `cures`/`cure`/`curing` and `profane`/`profanity` meet. Numbers and
 * words of 2 letters stay as they are.
 * @example stem('captioning') // 'caption'
 */
export function stem(word: string): string {
  if (word.length <= 2 || /\d/.test(word)) return word;
  return porter2(word);
}

/**
 * The index terms of a text: lowercased words and numbers, stop words and single characters dropped, negations
 * folded into one term, stemmed.
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

/** The words of a text as they appear; `termOf` turns each into an index term. @example words('e-mail opt-out') // ['email', 'opt', 'out'] */
export function words(text: string): string[] {
  // A one-letter prefix joins its word: `e-mail` is `email`, `e-commerce` is `ecommerce`.
  return text
    .replace(/(?<![\p{L}\p{N}])(\p{L})-(?=\p{L})/gu, '$1')
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w !== '');
}

/** One word as an index term, or null when it carries no topic. @example termOf('Claims') // 'claim' */
export function termOf(word: string): string | null {
  const lower = word.toLowerCase();
  if (NEGATIONS.has(lower)) return NEGATION_TERM;
  if (lower.length < 2 || STOP_WORDS.has(lower)) return null;
  return stem(SPELLINGS[lower] ?? lower);
}
