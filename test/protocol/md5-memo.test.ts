import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { md5Hex } from '../../src/support/ids.js';

const reference = (value: string): string => createHash('md5').update(value, 'utf8').digest('hex');

describe('md5Hex, which remembers recent short inputs', () => {
  it('gives the md5 of the RFC 1321 test vectors, asked once and again', () => {
    for (let round = 0; round < 2; round++) {
      expect(md5Hex('')).toBe('d41d8cd98f00b204e9800998ecf8427e');
      expect(md5Hex('abc')).toBe('900150983cd24fb0d6963f7d28e17f72');
      expect(md5Hex('message digest')).toBe('f96b697d7cb7938d525a2f31aaf161d0');
    }
  });

  it('gives the same hex as node:crypto for inputs past the memo size and past its length limit, non-ASCII included', () => {
    const inputs = [...Array.from({ length: 3000 }, (_, i) => `user-${i}@example.com`), 'é☃𝄞 naïve', 'x'.repeat(256), 'y'.repeat(257), 'z'.repeat(10_000)];
    // Twice over, so the second pass reads whatever the first left remembered, after the memo was dropped and refilled.
    for (let round = 0; round < 2; round++) for (const input of inputs) expect(md5Hex(input), input.slice(0, 40)).toBe(reference(input));
  });
});
