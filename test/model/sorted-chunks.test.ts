import { describe, expect, it } from 'vitest';
import { SortedChunks } from '../../src/support/sorted-chunks.js';

/** A deterministic sequence of numbers in [0, 1). */
function lcg(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

interface Item {
  key: number;
  id: number;
}

const byKey = (a: Item, b: Item): number => a.key - b.key || a.id - b.id;

describe('SortedChunks', () => {
  it('reads like the sorted array through thousands of inserts and removals that split and empty chunks', () => {
    const next = lcg(7);
    const list = new SortedChunks<Item>();
    const reference: Item[] = [];
    let id = 0;
    for (let step = 0; step < 6000; step++) {
      if (reference.length === 0 || next() < 0.6) {
        const item = { key: Math.floor(next() * 500), id: id++ };
        list.insert(item, byKey);
        reference.push(item);
        reference.sort(byKey);
      } else {
        const at = Math.floor(next() * reference.length);
        const [item] = reference.splice(at, 1);
        list.remove(item as Item, byKey);
      }
      if (step % 500 === 0 || step > 5990) {
        expect(list.length).toBe(reference.length);
        expect([...list]).toEqual(reference);
        for (let k = 0; k < reference.length; k += 37) expect(list.at(k)).toBe(reference[k]);
        expect(list.at(-1)).toBe(reference.at(-1));
        expect(list.at(reference.length)).toBeUndefined();
      }
    }
    expect(reference.length).toBeGreaterThan(1100);
    for (let k = 0; k + 1 < reference.length; k += 101) expect(list.after(reference[k] as Item, byKey)).toBe(reference[k + 1]);
    expect(list.after(reference.at(-1) as Item, byKey)).toBeUndefined();
  });

  it('adds an item once, ignores removing one it does not hold, and keeps pushed items in order', () => {
    const list = new SortedChunks<Item>();
    const items = Array.from({ length: 1500 }, (_, i) => ({ key: i, id: i }));
    for (const item of items) list.push(item);
    list.insert(items[700] as Item, byKey);
    list.insert(items[1499] as Item, byKey);
    list.remove({ key: 3, id: -1 }, byKey);
    expect(list.length).toBe(1500);
    expect([...list]).toEqual(items);
    for (const item of items) list.remove(item, byKey);
    expect(list.length).toBe(0);
    expect([...list]).toEqual([]);
    expect(list.at(0)).toBeUndefined();
    expect(list.after(items[0] as Item, byKey)).toBeUndefined();
  });
});
