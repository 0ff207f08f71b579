import { describe, expect, it } from 'vitest';
import { bareResult } from '../../src/protocol/envelope.js';

describe('the bare result envelope', () => {
  it('puts any payload straight into result: an object, an array, a string, null; nothing reads as null', () => {
    expect(bareResult({ a: 1 }).body).toBe('{"result":{"a":1}}');
    expect(bareResult([1, 'x']).body).toBe('{"result":[1,"x"]}');
    expect(bareResult('# Title').body).toBe('{"result":"# Title"}');
    expect(bareResult(null).body).toBe('{"result":null}');
    expect(bareResult(undefined).body).toBe('{"result":null}');
    expect(bareResult([]).status).toBe(200);
  });
});
