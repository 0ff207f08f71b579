/**
 * The text analysis of decision memory: one tokenizer for judgments and queries, so both sides of a match
 * see the same terms.
 */

/** Words that carry no topic: a match on them alone must never make a judgment relevant. */
const STOP_WORDS = new Set(
  (
    'a an and are as at be been but by can could did do does for from had has have he her his how i if in into is it ' +
    'its me my no not of on or our ours she so such than that the their them then there these they this those to ' +
    'us was we were what when where which who why will with would you your yours all any about after again also ' +
    'am just more most only other over same some should too very via vs'
  ).split(' '),
);

/**
 * A light English stemmer: enough to let `claims`/`claim` and `approved`/`approve` meet, cheap enough to
 * run on 10,000 judgments while an index is built. Longer suffixes first; stems keep at least 3 letters.
 */
function stem(word: string): string {
  if (word.length <= 3 || /\d/.test(word)) return word;
  const base = stripSuffix(word);
  // `guarantee`/`guaranteed` and `reuse`/`reused` meet only once a final e is dropped as well.
  return base.length > 3 && base.endsWith('e') ? base.slice(0, -1) : base;
}

function stripSuffix(word: string): string {
  if (word.endsWith('ies') && word.length > 4) return word.slice(0, -3) + 'y';
  if (word.endsWith('ing') && word.length > 5) return trimDouble(word.slice(0, -3));
  if (word.endsWith('ed') && word.length > 4) return trimDouble(word.slice(0, -2));
  if (word.endsWith('es') && /(ss|sh|ch|x|z)es$/.test(word)) return word.slice(0, -2);
  if (word.endsWith('s') && !word.endsWith('ss') && !word.endsWith('us') && !word.endsWith('is')) return word.slice(0, -1);
  return word;
}

/** `stopp` (from `stopped`) back to `stop`; `ll`/`ss` endings stay. */
function trimDouble(word: string): string {
  const last = word.charAt(word.length - 1);
  if (word.length > 3 && last === word.charAt(word.length - 2) && !'lsz'.includes(last)) return word.slice(0, -1);
  return word;
}

/**
 * The index terms of a text: lowercased words and numbers, stop words and single characters dropped, stemmed.
 * @example terms('Clinically proven claims!') // ['clinically', 'proven', 'claim']
 */
export function terms(text: string): string[] {
  const out: string[] = [];
  for (const word of words(text)) {
    const term = termOf(word);
    if (term !== null) out.push(term);
  }
  return out;
}

/** The words of a text as they appear; `termOf` turns each into an index term. @example words('a-b c') // ['a', 'b', 'c'] */
export function words(text: string): string[] {
  return text.split(/[^\p{L}\p{N}]+/u).filter((w) => w !== '');
}

/** One word as an index term, or null when it carries no topic. @example termOf('Claims') // 'claim' */
export function termOf(word: string): string | null {
  const lower = word.toLowerCase();
  if (lower.length < 2 || STOP_WORDS.has(lower)) return null;
  return stem(lower);
}
