/**
 * A path matcher: an exact path, or a glob where `*` stands for any characters within one segment and `**` for any
 * characters across segments.
 * @example pathMatcher('/v2/users/*')('/v2/users/get') === true
 */
export function pathMatcher(pattern: string): (path: string) => boolean {
  if (!pattern.includes('*')) return (path) => path === pattern;
  let source = '';
  for (let i = 0; i < pattern.length; i++) {
    const ch = pattern[i]!;
    if (ch === '*') {
      if (pattern[i + 1] === '*') {
        source += '.*';
        i++;
      } else source += '[^/]*';
    } else source += ch.replace(/[.+?^${}()|[\]\\]/g, '\\$&');
  }
  const re = new RegExp(`^${source}$`);
  return (path) => re.test(path);
}
