/**
 * A small seeded pseudo-random generator (sfc32 seeded through splitmix32): same seed, same sequence.
 * @example const rng = createRng(1); rng.next(); // 0 <= x < 1
 */
export interface Rng {
  /** A float in [0, 1). */
  next(): number;
  /** An integer in [0, max). */
  int(max: number): number;
  /** The internal state, for snapshots. */
  state(): [number, number, number, number];
  /** Restores a state taken with `state()`. */
  restore(state: readonly [number, number, number, number]): void;
}

/** Creates a generator from a numeric seed. @example createRng(42).int(10) */
export function createRng(seed: number): Rng {
  let s = seed >>> 0;
  const splitmix = (): number => {
    s = (s + 0x9e3779b9) | 0;
    let z = s;
    z = Math.imul(z ^ (z >>> 16), 0x85ebca6b);
    z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35);
    return (z ^ (z >>> 16)) >>> 0;
  };
  let a = splitmix();
  let b = splitmix();
  let c = splitmix();
  let d = splitmix();
  const next = (): number => {
    a >>>= 0;
    b >>>= 0;
    c >>>= 0;
    d >>>= 0;
    let t = (a + b) | 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) | 0;
    c = (c << 21) | (c >>> 11);
    d = (d + 1) | 0;
    t = (t + d) | 0;
    c = (c + t) | 0;
    return (t >>> 0) / 4294967296;
  };
  for (let i = 0; i < 12; i++) next();
  return {
    next,
    int: (max) => Math.floor(next() * max),
    state: () => [a, b, c, d],
    restore(state) {
      [a, b, c, d] = state;
    },
  };
}
