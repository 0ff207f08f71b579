/** Normalises a request path: no query string, no trailing slash (`/v2/users/add/` is `/v2/users/add`). */
export function normalisePath(raw: string): string {
  const query = raw.indexOf('?');
  const hash = raw.indexOf('#');
  const q = hash !== -1 && (query === -1 || hash < query) ? hash : query;
  let path = q === -1 ? raw : raw.slice(0, q);
  while (path.length > 1 && path.endsWith('/')) path = path.slice(0, -1);
  return path === '' ? '/' : path;
}

/** Levenshtein distance, bounded: returns `limit + 1` as soon as the distance must exceed `limit`. */
function editDistance(a: string, b: string, limit: number): number {
  if (Math.abs(a.length - b.length) > limit) return limit + 1;
  let prev = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    let best = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a.charCodeAt(i - 1) === b.charCodeAt(j - 1) ? 0 : 1;
      const value = Math.min((prev[j] ?? 0) + 1, (row[j - 1] ?? 0) + 1, (prev[j - 1] ?? 0) + cost);
      row.push(value);
      if (value < best) best = value;
    }
    if (best > limit) return limit + 1;
    prev = row;
  }
  return prev[b.length] ?? limit + 1;
}

/** The known path closest to `path` within `limit` edits (ties: first in `known`), or undefined. */
export function nearestPath(path: string, known: Iterable<string>, limit = 6): string | undefined {
  let best: string | undefined;
  let bestDistance = limit + 1;
  for (const candidate of known) {
    const d = editDistance(path, candidate, Math.min(limit, bestDistance - 1));
    if (d < bestDistance) {
      best = candidate;
      bestDistance = d;
    }
  }
  return best;
}
