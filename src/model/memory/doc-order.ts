/** Bits of a document index sorted per pass: 2 passes order up to 4 million judgments, 3 up to 8 billion. */
const BITS = 11;
const BUCKETS = 1 << BITS;
const MASK = BUCKETS - 1;

/** Working arrays of the sort, sized to the most judgments sorted at once. */
const scratch: { docs: Int32Array; groups: Int32Array; counts: Int32Array } = {
  docs: new Int32Array(0),
  groups: new Int32Array(0),
  counts: new Int32Array(BUCKETS),
};

/**
 * Sorts judgment indexes into recording order, moving each one's group along: a radix sort, two passes over the
 * judgments for histories under 4 million, with nothing compared.
 * @example sortByDoc(docs, groups, entry.size - 1)
 */
export function sortByDoc(docs: Int32Array, groups: Int32Array, largest: number): void {
  const n = docs.length;
  if (scratch.docs.length < n) {
    scratch.docs = new Int32Array(Math.max(n, scratch.docs.length * 2));
    scratch.groups = new Int32Array(scratch.docs.length);
  }
  const { counts } = scratch;
  let from: Int32Array = docs;
  let fromGroups: Int32Array = groups;
  let to: Int32Array = scratch.docs;
  let toGroups: Int32Array = scratch.groups;
  for (let shift = 0; shift < 32 && largest >>> shift !== 0; shift += BITS) {
    counts.fill(0);
    for (let i = 0; i < n; i++) {
      const bucket = ((from[i] as number) >>> shift) & MASK;
      counts[bucket] = (counts[bucket] as number) + 1;
    }
    let sum = 0;
    for (let b = 0; b < BUCKETS; b++) {
      const c = counts[b] as number;
      counts[b] = sum;
      sum += c;
    }
    for (let i = 0; i < n; i++) {
      const doc = from[i] as number;
      const bucket = (doc >>> shift) & MASK;
      const at = counts[bucket] as number;
      counts[bucket] = at + 1;
      to[at] = doc;
      toGroups[at] = fromGroups[i] as number;
    }
    [from, to] = [to, from];
    [fromGroups, toGroups] = [toGroups, fromGroups];
  }
  if (from !== docs) {
    docs.set(from.subarray(0, n));
    groups.set(fromGroups.subarray(0, n));
  }
}
