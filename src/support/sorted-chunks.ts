/** Most items one chunk holds before it splits in two. */
const CHUNK = 512;

/**
 * The first index of a sorted list whose item does not sort before `item` (where `item` would be inserted).
 * @example lowerBound([1, 3, 5], 4, (a, b) => a - b) // 2
 */
export function lowerBound<T>(list: readonly T[], item: T, compare: (a: T, b: T) => number): number {
  let lo = 0;
  let hi = list.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (compare(list[mid] as T, item) < 0) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * A list kept in a comparison's order, stored in chunks of at most 512 items with the index each chunk starts at: a
 * read by index and a search cost O(log n), an insert or a removal moves at most one chunk's items plus one start per
 * chunk, where one array of n items moves up to n of them. Reads look like an array's (`length`, `at`, iteration).
 * @example const list = new SortedChunks<number>(); list.insert(3, (a, b) => a - b); list.at(0) // 3
 */
export class SortedChunks<T> implements Iterable<T> {
  private chunks: T[][] = [];
  /** The index of each chunk's first item. */
  private starts: number[] = [];
  private count = 0;

  /** How many items the list holds. */
  get length(): number {
    return this.count;
  }

  /** The item at `index` (negative counts from the end), or undefined. @example list.at(-1) */
  at(index: number): T | undefined {
    const i = index < 0 ? this.count + index : index;
    if (i < 0 || i >= this.count) return undefined;
    const c = this.chunkOf(i);
    return (this.chunks[c] as T[])[i - (this.starts[c] as number)];
  }

  /** Adds an item after every other, the caller knowing it sorts last. @example list.push(9) */
  push(item: T): void {
    const last = this.chunks[this.chunks.length - 1];
    if (last && last.length < CHUNK) last.push(item);
    else {
      this.chunks.push([item]);
      this.starts.push(this.count);
    }
    this.count++;
  }

  /** Puts an item in its place by `compare` (before any it ties with); an item already there is not added twice. */
  insert(item: T, compare: (a: T, b: T) => number): void {
    const last = this.at(-1);
    if (last === undefined || compare(last, item) < 0) {
      this.push(item);
      return;
    }
    if (last === item) return;
    const [c, k] = this.lowerBound(item, compare);
    const chunk = this.chunks[c] as T[];
    if (chunk[k] === item) return;
    chunk.splice(k, 0, item);
    this.count++;
    this.shiftStarts(c + 1, 1);
    if (chunk.length > 2 * CHUNK) {
      this.chunks.splice(c + 1, 0, chunk.splice(CHUNK));
      this.starts.splice(c + 1, 0, (this.starts[c] as number) + CHUNK);
    }
  }

  /** Takes an item out of the list, found by `compare`; an item not there changes nothing. */
  remove(item: T, compare: (a: T, b: T) => number): void {
    if (this.count === 0) return;
    const [c, k] = this.lowerBound(item, compare);
    const chunk = this.chunks[c] as T[];
    if (chunk[k] !== item) return;
    chunk.splice(k, 1);
    this.count--;
    this.shiftStarts(c + 1, -1);
    if (chunk.length === 0) {
      this.chunks.splice(c, 1);
      this.starts.splice(c, 1);
    }
  }

  /** The item that follows `item` (found by `compare`), or undefined. */
  after(item: T, compare: (a: T, b: T) => number): T | undefined {
    if (this.count === 0) return undefined;
    const [c, k] = this.lowerBound(item, compare);
    if ((this.chunks[c] as T[])[k] !== item) return undefined;
    return this.at((this.starts[c] as number) + k + 1);
  }

  *[Symbol.iterator](): Iterator<T> {
    for (const chunk of this.chunks) yield* chunk;
  }

  /** The chunk holding index `i` (0 <= i < length). */
  private chunkOf(i: number): number {
    let lo = 0;
    let hi = this.starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >>> 1;
      if ((this.starts[mid] as number) <= i) lo = mid;
      else hi = mid - 1;
    }
    return lo;
  }

  /** Chunk and position of the first item that does not sort before `item` (the end of the last chunk if none). */
  private lowerBound(item: T, compare: (a: T, b: T) => number): [number, number] {
    let lo = 0;
    let hi = this.chunks.length - 1;
    // The first chunk whose last item does not sort before `item`.
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      const chunk = this.chunks[mid] as T[];
      if (compare(chunk[chunk.length - 1] as T, item) < 0) lo = mid + 1;
      else hi = mid;
    }
    return [lo, lowerBound(this.chunks[lo] as T[], item, compare)];
  }

  private shiftStarts(from: number, by: number): void {
    for (let c = from; c < this.starts.length; c++) this.starts[c] = (this.starts[c] as number) + by;
  }
}
