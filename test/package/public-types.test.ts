import { expectTypeOf, it } from 'vitest';
import type { z } from 'zod';
import type { JudgmentInit } from '../../src/harness/memory.js';
import type { judgmentInput } from '../../src/operations/memory.js';

// The published types name no zod type (zod is bundled), so the public input types are written out; tsc
// (part of `npm test`) holds them equal to the schemas they describe.
it('JudgmentInit is exactly the input of the judgment schema', () => {
  expectTypeOf<JudgmentInit>().toEqualTypeOf<z.input<typeof judgmentInput>>();
});
