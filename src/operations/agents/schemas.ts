/** Shared zod pieces of the agents operations: required strings, strict objects worded like the service, providers. */
import { z } from 'zod';

/** `users[0].email` from `['users', 0, 'email']`. */
function dotted(path: readonly PropertyKey[]): string {
  let out = '';
  for (const part of path) out += typeof part === 'number' ? `[${part}]` : out === '' ? String(part) : `.${String(part)}`;
  return out === '' ? 'data' : out;
}

/** Unknown keys of a strict object: `<path> contains an unknown key: <key>.` */
const unknownKey = (issue: z.core.$ZodRawIssue): string | undefined =>
  issue.code === 'unrecognized_keys' ? `${dotted(issue.path ?? [])} contains an unknown key: ${String(issue.keys[0])}.` : undefined;

/** An object that refuses unknown keys, naming the first. @example strict({ enabled: z.boolean().optional() }) */
export function strict<T extends z.core.$ZodLooseShape>(shape: T) {
  return z.strictObject(shape, { error: unknownKey });
}

/** A string of at least one character (`<field> is required.` when missing or empty). */
export const required = () => z.string().min(1);

/** A string with something other than whitespace in it. */
export const nonBlank = () => z.string().refine((v) => v.trim() !== '', { params: { rule: 'required' } });

/** The three model providers. */
export const provider = z.enum(['gemini', 'claude', 'openai']);

/** A provider field of the prompt tools: any string passes the schema (unknown ones fail later). */
export const looseProvider = z.string().optional();
