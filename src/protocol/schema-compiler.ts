import type { z } from 'zod';
import { compile } from 'zod/v4/core';

/**
 * A schema's compiled twin: generated code checks and copies valid data, and any input it does not accept goes
 * through the schema itself, so refusals keep their issues and wording; where code cannot be generated (a page whose
 * policy forbids it) the schema itself comes back.
 * @example const twin = compileSchema(z.strictObject({ organizationId: z.string() }));
 */
export function compileSchema<S extends z.ZodType>(schema: S): S {
  return compile(schema);
}
