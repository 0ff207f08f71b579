import { z } from 'zod';
import { ServiceError } from '../errors.js';

type Issue = z.core.$ZodIssue;
type RawIssue = z.core.$ZodRawIssue;

/** `users[0].email` from `['users', 0, 'email']`. */
function dottedPath(path: readonly PropertyKey[]): string {
  let out = '';
  for (const part of path) {
    if (typeof part === 'number') out += `[${part}]`;
    else out += out === '' ? String(part) : `.${String(part)}`;
  }
  return out === '' ? 'data' : out;
}

/** Inner schemas of optional fields that refuse `null` with their own message (`absentOrValid`). */
const leaveOut = new WeakSet<object>();

/**
 * An optional field that is either absent or valid: `null` is refused with `<path> cannot be null; leave it out
 * instead.` (the workflow engine's rule), where other areas read `null` as missing.
 * @example z.strictObject({ description: absentOrValid(z.string().max(2000)) })
 */
export function absentOrValid<S extends z.ZodType>(schema: S): z.ZodOptional<S> {
  leaveOut.add(schema);
  return schema.optional();
}

const article = (type: string): string => (/^[aeiou]/.test(type) ? 'an' : 'a');
const typeName = (expected: string): string => (expected === 'int' ? 'integer' : expected === 'record' ? 'object' : expected);
const english = z.locales.en().localeError;

/**
 * The wording of every validation failure whose schema gives no verbatim message (service-facts 2.6):
 * `users[0].userId is required.`, `type must be one of testing, production.`, `userIds can contain at most 30 items.`
 */
function message(issue: RawIssue): string {
  const path = dottedPath(issue.path ?? []);
  switch (issue.code) {
    case 'invalid_type': {
      if (issue.input === null && issue.inst !== undefined && leaveOut.has(issue.inst as object)) return `${path} cannot be null; leave it out instead.`;
      if (issue.input === undefined || issue.input === null) return `${path} is required.`;
      const type = typeName(String(issue.expected));
      return `${path} must be ${article(type)} ${type}.`;
    }
    case 'invalid_union': {
      if (issue.note === 'No matching discriminator') {
        // zod reports the whole object as input; the missing or unknown value is its discriminator.
        const value = (issue.input as Record<string, unknown> | undefined)?.[String(issue['discriminator'])];
        if (value === undefined || value === null) return `${path} is required.`;
        return `${path} must be one of ${(issue['options'] as unknown[]).map(String).join(', ')}.`;
      }
      if (issue.input === undefined || issue.input === null) return `${path} is required.`;
      // A union of plain types reads as `id must be a string or a number.`
      const types = issue.errors.map((branch) => (branch.length === 1 && branch[0]?.code === 'invalid_type' ? typeName(String(branch[0].expected)) : ''));
      if (types.length > 0 && !types.includes('')) return `${path} must be ${types.map((t) => `${article(t)} ${t}`).join(' or ')}.`;
      break;
    }
    case 'invalid_value':
      if (issue.input === undefined || issue.input === null) return `${path} is required.`;
      return `${path} must be one of ${issue.values.map(String).join(', ')}.`;
    case 'invalid_format':
      if (issue.format === 'email') return `${path} must be a valid email address.`;
      if (issue.format === 'url') return `${path} must be a valid http(s) URL.`;
      break;
    case 'too_big':
      if (issue.origin === 'array') return `${path} can contain at most ${String(issue.maximum)} items.`;
      if (issue.origin === 'string') return `${path} can be at most ${String(issue.maximum)} characters long.`;
      break;
    case 'too_small':
      if (issue.origin === 'array') return `${path} must contain at least ${String(issue.minimum)} item${Number(issue.minimum) === 1 ? '' : 's'}.`;
      if (issue.origin === 'string' && Number(issue.minimum) === 1) return `${path} is required.`;
      break;
    case 'unrecognized_keys': {
      // The service's schema library (zod 3) words it so; the path leads when the object is nested.
      const text = `Unrecognized key(s) in object: ${issue.keys.map((k) => `'${k}'`).join(', ')}`;
      return path === 'data' ? text : `${path}: ${text}`;
    }
    case 'custom':
      if (issue.params?.['rule'] === 'required') return `${path} is required.`;
      // A rule that words itself after the field's path: `commentData[0].commentText or commentHtml is required.`
      if (issue.params?.['rule'] === 'phrase') return `${path} ${String(issue.params['phrase'])}.`;
      break;
  }
  const fallback = english(issue);
  const text = typeof fallback === 'string' ? fallback : (fallback?.message ?? 'Invalid value');
  return `${path}: ${text}.`.replace(/\.\.$/, '.');
}

/**
 * The issue code as the service's reference names it (its schema library's older names): an enum value is
 * `invalid_enum_value`, a literal `invalid_literal`, a string format `invalid_string`, an unknown tag of a tagged union
 * `invalid_union_discriminator`; every other code is the same.
 */
function documentedCode(issue: Issue): string {
  if (issue.code === 'invalid_union' && (issue as { note?: unknown }).note === 'No matching discriminator') return 'invalid_union_discriminator';
  if (issue.code === 'invalid_value') return issue.values.length === 1 ? 'invalid_literal' : 'invalid_enum_value';
  if (issue.code === 'invalid_format') return 'invalid_string';
  if (issue.code === 'invalid_union' && (issue as { note?: string }).note === 'No matching discriminator') return 'invalid_union_discriminator';
  return issue.code;
}

/**
 * A refusal of one field found after the schema passed (bytes that are not what they claim), in the shape schema
 * refusals take: the message, and `details.issues` with one `custom` issue.
 * @example throw fieldRefusal(['file', 'base64'], 'File content does not match mimeType application/pdf.');
 */
export function fieldRefusal(path: (string | number)[], message: string): ServiceError {
  return new ServiceError('INVALID_ARGUMENT', message, { issues: [{ code: 'custom', path, message }] });
}

const PARSE_OPTIONS = { error: message };

const compiledOf = new WeakMap<z.ZodType, z.ZodType>();
let compiler: (<S extends z.ZodType>(schema: S) => S) | undefined;

/**
 * Checks every later call with compiled schemas made by `compile` (the standalone server installs it; bundles for
 * pages leave it out): each operation's schema is compiled on its first call, and the compiled twin accepts and refuses
 * the same data with the same output and messages.
 * @example useSchemaCompiler(compileSchema);
 */
export function useSchemaCompiler(compile: <S extends z.ZodType>(schema: S) => S): void {
  compiler = compile;
}

/** The schema a call is checked with: its compiled twin once a compiler is installed, else the schema itself. */
function compiled<S extends z.ZodType>(schema: S): S {
  if (!compiler) return schema;
  let twin = compiledOf.get(schema);
  if (!twin) {
    twin = compiler(schema);
    compiledOf.set(schema, twin);
  }
  return twin as S;
}

/**
 * Parses `data` against an operation's schema; the first failure (fields checked in schema order) becomes
 * one `INVALID_ARGUMENT` naming the field and the rule.
 * @example const data = validate(schema, body.data);
 */
export function validate<S extends z.ZodType>(schema: S, data: unknown, issueDetails = false): z.output<S> {
  const parsed = compiled(schema).safeParse(data, PARSE_OPTIONS);
  if (parsed.success) return parsed.data;
  const first = parsed.error.issues[0] as Issue;
  const details = issueDetails
    ? {
        issues: parsed.error.issues.map((i) => ({
          code: documentedCode(i),
          path: i.path.map((p) => (typeof p === 'symbol' ? String(p) : p)),
          message: i.message,
        })),
      }
    : undefined;
  throw new ServiceError('INVALID_ARGUMENT', first.message, details);
}
