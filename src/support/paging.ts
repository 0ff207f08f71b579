/**
 * Takes one page from an iterator: the items from `offset`, at most `size`, and whether more remain. Reads at most
 * `offset + size + 1` items, so a lazy source pays only for the page it yields.
 * @example takePage([1, 2, 3], 1, 1) // { page: [2], more: true }
 */
export function takePage<T>(items: Iterable<T>, offset: number, size: number): { page: T[]; more: boolean } {
  const page: T[] = [];
  let index = 0;
  for (const item of items) {
    if (index++ < offset) continue;
    if (page.length === size) return { page, more: true };
    page.push(item);
  }
  return { page, more: false };
}
