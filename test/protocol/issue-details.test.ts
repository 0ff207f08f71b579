import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ServiceError } from '../../src/errors.js';
import { absentOrValid, validate } from '../../src/protocol/validate.js';

/** The `details.issues` a refusal carries, for operations that report them. */
function issuesOf(schema: z.ZodType, data: unknown): unknown {
  try {
    validate(schema, data, true);
  } catch (error) {
    if (error instanceof ServiceError) return (error.details as { issues: unknown }).issues;
    throw error;
  }
  throw new Error('expected a refusal');
}

describe('validation details name issues as the service reference does', () => {
  it('calls a value outside an enum invalid_enum_value, and a wrong literal invalid_literal', () => {
    expect(issuesOf(z.object({ mode: z.enum(['all', 'any']) }), { mode: 'some' })).toEqual([
      { code: 'invalid_enum_value', path: ['mode'], message: 'mode must be one of all, any.' },
    ]);
    expect(issuesOf(z.object({ type: z.literal('human') }), { type: 'robot' })).toEqual([
      { code: 'invalid_literal', path: ['type'], message: 'type must be one of human.' },
    ]);
  });

  it('calls a malformed string invalid_string and keeps the other codes', () => {
    expect(issuesOf(z.object({ url: z.url() }), { url: 'nope' })).toEqual([
      { code: 'invalid_string', path: ['url'], message: 'url must be a valid http(s) URL.' },
    ]);
    expect(issuesOf(z.strictObject({ a: z.string() }), { a: 'x', b: 1 })).toEqual([expect.objectContaining({ code: 'unrecognized_keys', path: [] })]);
    expect(issuesOf(z.object({ n: z.number().max(3) }), { n: 4 })).toEqual([expect.objectContaining({ code: 'too_big', path: ['n'] })]);
    expect(issuesOf(z.object({ n: z.number() }), { n: 'x' })).toEqual([{ code: 'invalid_type', path: ['n'], message: 'n must be a number.' }]);
  });

  it('calls an unknown tag of a tagged union invalid_union_discriminator, naming the tags', () => {
    const node = z.discriminatedUnion('type', [z.object({ type: z.literal('human') }), z.object({ type: z.literal('agent') })]);
    expect(issuesOf(z.object({ node }), { node: { type: 'robot' } })).toEqual([
      { code: 'invalid_union_discriminator', path: ['node', 'type'], message: 'node.type must be one of human, agent.' },
    ]);
    expect(issuesOf(z.object({ node }), { node: {} })).toEqual([
      { code: 'invalid_union_discriminator', path: ['node', 'type'], message: 'node.type is required.' },
    ]);
  });

  it('refuses null for an optional field declared absent-or-valid, telling the caller to leave it out', () => {
    expect(issuesOf(z.object({ description: absentOrValid(z.string()) }), { description: null })).toEqual([
      { code: 'invalid_type', path: ['description'], message: 'description cannot be null; leave it out instead.' },
    ]);
    // Elsewhere null still reads as missing.
    expect(issuesOf(z.object({ description: z.string() }), { description: null })).toEqual([
      { code: 'invalid_type', path: ['description'], message: 'description is required.' },
    ]);
  });
});
