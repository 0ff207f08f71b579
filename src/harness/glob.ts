/** The longest glob a fault rule or journal filter may use. */
export const MAX_GLOB_LENGTH = 256;

/** Counts the work of matching: one step per 32 pattern positions per path character. */
export interface GlobSteps {
  steps: number;
}

const WORD = 32;

/**
 * A path matcher: an exact path, or a glob where `*` stands for any characters within one segment and `**` for any
 * characters across segments. Globs run as a bit-parallel automaton, never a backtracking regular expression, so a
 * match costs one step per path character per 32 pattern characters whatever the pattern and path.
 * @example pathMatcher('/v2/users/*')('/v2/users/get') === true
 */
export function pathMatcher(pattern: string, counter?: GlobSteps): (path: string) => boolean {
  if (!pattern.includes('*')) return (path) => path === pattern;
  // Tokens: a literal character, `*` (not across `/`) or `**`; a run of stars is one token (`**` if any pair is).
  const tokens: (string | '*' | '**')[] = [];
  for (let i = 0; i < pattern.length; ) {
    if (pattern[i] !== '*') {
      tokens.push(pattern[i++] as string);
      continue;
    }
    let run = 0;
    while (pattern[i] === '*') {
      run++;
      i++;
    }
    tokens.push(run >= 2 ? '**' : '*');
  }
  // State bit k: the first k tokens have matched. Words hold 32 states each.
  const states = tokens.length + 1;
  const words = Math.ceil(states / WORD);
  const bit = (set: Uint32Array, k: number): void => {
    set[k >>> 5] = (set[k >>> 5] as number) | (1 << (k & 31));
  };
  const literal = new Map<string, Uint32Array>();
  const star = new Uint32Array(words);
  const globstar = new Uint32Array(words);
  tokens.forEach((token, k) => {
    if (token === '*') bit(star, k);
    else if (token === '**') bit(globstar, k);
    else {
      let mask = literal.get(token);
      if (!mask) literal.set(token, (mask = new Uint32Array(words)));
      bit(mask, k);
    }
  });
  const wildcard = star.map((w, i) => w | (globstar[i] as number));
  /** Adds to `set` the state after each wildcard it holds (a wildcard may match nothing); stars never follow stars. */
  const close = (set: Uint32Array): void => {
    let carry = 0;
    for (let i = 0; i < words; i++) {
      const moved = (set[i] as number) & (wildcard[i] as number);
      set[i] = (set[i] as number) | (moved << 1) | carry;
      carry = moved >>> 31;
    }
  };
  const last = states - 1;
  return (path) => {
    let current = new Uint32Array(words);
    let next = new Uint32Array(words);
    current[0] = 1;
    close(current);
    for (let c = 0; c < path.length; c++) {
      const ch = path[c] as string;
      const mask = literal.get(ch);
      const stay = ch === '/' ? globstar : wildcard;
      let carry = 0;
      let any = 0;
      for (let i = 0; i < words; i++) {
        const cur = current[i] as number;
        const advanced = mask ? cur & (mask[i] as number) : 0;
        const word = ((advanced << 1) | carry | (cur & (stay[i] as number))) >>> 0;
        carry = advanced >>> 31;
        next[i] = word;
        any |= word;
      }
      if (counter) counter.steps += words;
      if (any === 0) return false;
      close(next);
      [current, next] = [next, current];
    }
    return (((current[last >>> 5] as number) >>> (last & 31)) & 1) === 1;
  };
}
