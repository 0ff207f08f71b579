import { describe, expect, it } from 'vitest';
import { besideIndex } from '../../src/model/state/beside-indexes.js';
import { UndoLog } from '../../src/model/state/undo-log.js';

/** An index of a map's keys that counts its builds. */
function keysIndex() {
  let builds = 0;
  const index = besideIndex({
    build: (map: Map<string, number>) => {
      builds += 1;
      return { keys: [...map.keys()] };
    },
    fits: (built, map) => built.keys.length === map.size,
  });
  return { index, builds: () => builds };
}

describe('an index kept beside the state', () => {
  it('follows noted writes and their undo without a rebuild', () => {
    const undo = new UndoLog();
    const map = new Map([['a', 1]]);
    const { index, builds } = keysIndex();
    expect(index.read(map).keys).toEqual(['a']);
    const mark = undo.mark();
    undo.set(map, 'b', 2);
    index.note(
      undo,
      map,
      (built) => built.keys.push('b'),
      (built) => built.keys.pop(),
    );
    expect(index.read(map).keys).toEqual(['a', 'b']);
    undo.rollback(mark);
    expect(index.read(map).keys).toEqual(['a']);
    expect(builds()).toBe(1);
  });

  it('is rebuilt once after an undo of a write it was noted of without a revert, or of one it could not follow', () => {
    const undo = new UndoLog();
    const map = new Map([['a', 1]]);
    const { index, builds } = keysIndex();
    index.read(map);
    const mark = undo.mark();
    for (const key of ['b', 'c']) {
      undo.set(map, key, 0);
      index.note(undo, map, (built) => built.keys.push(key));
    }
    expect(index.read(map).keys).toEqual(['a', 'b', 'c']);
    expect(undo.size).toBe(3);
    undo.rollback(mark);
    expect(index.read(map).keys).toEqual(['a']);
    expect(builds()).toBe(2);

    undo.set(map, 'a', 5);
    index.unfollowed(undo, map);
    expect(index.current(map)).toBeUndefined();
    expect(index.read(map).keys).toEqual(['a']);
    expect(builds()).toBe(3);
  });

  it('is rebuilt after an undo past the point it was built at, and when it no longer fits its source', () => {
    const undo = new UndoLog();
    const map = new Map<string, number>();
    const { index, builds } = keysIndex();
    const mark = undo.mark();
    undo.set(map, 'a', 1);
    expect(index.read(map).keys).toEqual(['a']);
    undo.rollback(mark);
    expect(index.read(map).keys).toEqual([]);
    map.set('x', 1);
    expect(index.read(map).keys).toEqual(['x']);
    expect(builds()).toBe(3);
  });
});
