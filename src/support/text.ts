/**
 * Small string cuts done in one pass. Patterns like `/\/+$/` or `/[/?#].*$/` backtrack from every start position and
 * take time quadratic in the input, so request data goes through these instead.
 */

/**
 * `text` without the run of any of `chars` at its end.
 * @example withoutTrailing('/v2/users//', '/') === '/v2/users'
 */
export function withoutTrailing(text: string, chars: string): string {
  let end = text.length;
  while (end > 0 && chars.includes(text[end - 1] as string)) end--;
  return end === text.length ? text : text.slice(0, end);
}

/**
 * `text` up to (not including) the first of any of `chars`, or all of it.
 * @example beforeAny('example.com/app?x=1', '/?#') === 'example.com'
 */
export function beforeAny(text: string, chars: string): string {
  for (let i = 0; i < text.length; i++) if (chars.includes(text[i] as string)) return text.slice(0, i);
  return text;
}
