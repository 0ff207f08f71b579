import type { z } from 'zod';
import type { ApiReply } from '../../src/protocol/call.js';
import type { AuthLevel } from '../../src/protocol/operation.js';
import { loadRoutes } from '../../src/routes.js';
import { createMockService, type MockService } from '../../src/service.js';

/** A seeded source of numbers in [0, 1) (mulberry32): same seed, same cases. */
export function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type Draw = () => number;
const pick = <T>(draw: Draw, items: readonly T[]): T => items[Math.floor(draw() * items.length)] as T;

/** Strings that hit ids the service holds, the empty and blank cases, and inherited names. */
const STRINGS = [
  'org',
  'doc',
  'u1',
  'u2',
  'g1',
  'content',
  '',
  ' ',
  '__proto__',
  'constructor',
  'toString',
  'hasOwnProperty',
  'a@b.test',
  'https://example.test/h',
  '<p>x</p>',
  'ALL',
  'text',
  'map',
  'array',
  'xml',
  '0',
  'é😀',
];
const NUMBERS = [0, 1, -1, 2, 10, 1000, 1.5, 1e308, -1e308, Number.MAX_SAFE_INTEGER, 8.64e15];
const KEYS = [
  'organizationId',
  'documentId',
  'userId',
  'userIds',
  'users',
  'notificationId',
  'editorId',
  'type',
  'data',
  'contentKey',
  'constructor',
  'toString',
  'valueOf',
  '__proto__',
  'x',
];

/** Any JSON value, nested up to `depth`. */
function junk(draw: Draw, depth: number): unknown {
  const r = draw();
  if (depth <= 0 || r < 0.35) return pick(draw, [pick(draw, STRINGS), pick(draw, NUMBERS), true, false, null]);
  if (r < 0.6) return Array.from({ length: Math.floor(draw() * 3) }, () => junk(draw, depth - 1));
  const out: Record<string, unknown> = {};
  for (let i = Math.floor(draw() * 3); i > 0; i--) setKey(out, pick(draw, KEYS), junk(draw, depth - 1));
  return out;
}

function setKey(target: Record<string, unknown>, key: string, value: unknown): void {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}

/** A value nested `levels` deep (objects and arrays in turn). */
function deep(levels: number): unknown {
  let value: unknown = 'bottom';
  for (let i = 0; i < levels; i++) value = i % 2 === 0 ? { k: value } : [value];
  return value;
}

/** A value that fits a zod schema most of the time, so writes succeed and state grows. */
function fromSchema(draw: Draw, schema: z.ZodType, depth = 0): unknown {
  const def = (schema as unknown as { _zod: { def: Record<string, unknown> } })._zod.def;
  const inner = (key: string) => def[key] as z.ZodType;
  switch (def['type']) {
    case 'pipe':
      return fromSchema(draw, inner('in'), depth);
    case 'optional':
    case 'default':
    case 'prefault':
      return draw() < 0.4 ? undefined : fromSchema(draw, inner('innerType'), depth);
    case 'nullable':
      return draw() < 0.1 ? null : fromSchema(draw, inner('innerType'), depth);
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const [key, field] of Object.entries(def['shape'] as Record<string, z.ZodType>)) {
        const value = fromSchema(draw, field, depth + 1);
        if (value !== undefined) out[key] = value;
      }
      return out;
    }
    case 'array':
      return depth > 6 ? [] : Array.from({ length: 1 + Math.floor(draw() * 3) }, () => fromSchema(draw, inner('element'), depth + 1));
    case 'record': {
      const out: Record<string, unknown> = {};
      for (let i = Math.floor(draw() * 3); i > 0; i--) setKey(out, pick(draw, STRINGS.slice(0, 8)), fromSchema(draw, inner('valueType'), depth + 1));
      return out;
    }
    case 'union':
      return fromSchema(draw, pick(draw, def['options'] as z.ZodType[]), depth);
    case 'enum':
      return pick(draw, Object.values(def['entries'] as Record<string, unknown>));
    case 'literal':
      return pick(draw, def['values'] as unknown[]);
    case 'string':
      return pick(draw, STRINGS.slice(0, 7));
    case 'number':
    case 'int':
      return pick(draw, [0, 1, 2, 10]);
    case 'boolean':
      return draw() < 0.5;
    default:
      return junk(draw, 2);
  }
}

/** One case: a valid-looking body, mutated now and then, or a broken envelope. */
function caseBody(draw: Draw, schema: z.ZodType): string {
  const r = draw();
  if (r < 0.03) return pick(draw, ['', '{', 'null', '[]', '{"data": 1}', '{"data": {}, "x": 1}', '{"data": []}']);
  const data = (fromSchema(draw, schema) ?? {}) as Record<string, unknown>;
  const safe = typeof data === 'object' && data !== null && !Array.isArray(data) ? data : {};
  if (r < 0.55) {
    for (let i = Math.floor(draw() * 3); i > 0; i--) {
      const m = draw();
      const keys = Object.keys(safe);
      if (m < 0.3 && keys.length > 0) delete safe[pick(draw, keys)];
      else if (m < 0.7 && keys.length > 0) setKey(safe, pick(draw, keys), junk(draw, 3));
      else if (m < 0.9) setKey(safe, pick(draw, KEYS), junk(draw, 3));
      else setKey(safe, keys.length > 0 ? pick(draw, keys) : 'x', deep(60 + Math.floor(draw() * 40)));
    }
  }
  return JSON.stringify({ data: safe });
}

/** What a fuzz run saw. */
export interface FuzzFigures {
  routes: number;
  cases: number;
  successes: number;
  refusals: number;
  byStatus: Record<string, number>;
  problems: string[];
  ms: number;
}

function headersFor(service: MockService, auth: AuthLevel): Record<string, string> {
  const base = { 'content-type': 'application/json' };
  if (auth === 'apiKey') return { ...base, ...service.credentials.headers };
  if (auth === 'workspace' || auth === 'workspaceRead') return { ...base, ...service.credentials.workspaceHeaders };
  return base;
}

/**
 * The documented errors that report a write which partly happened (the added domains stay; comment threads
 * whose authors had access are stored): the only refusals allowed to change the state.
 */
const PARTIAL_FAILURES = [/Skipped (existing|non-existing) domains\.$/, /were not added/];

function isPartialFailure(reply: ApiReply): boolean {
  try {
    const message = (JSON.parse(reply.body) as { error?: { message?: unknown } }).error?.message;
    return typeof message === 'string' && PARTIAL_FAILURES.some((pattern) => pattern.test(message));
  } catch {
    return false;
  }
}

function envelopeProblem(reply: ApiReply): string | undefined {
  let body: unknown;
  try {
    body = JSON.parse(reply.body);
  } catch {
    return 'answered a body that is not JSON';
  }
  const b = body as { result?: unknown; error?: { status?: unknown; message?: unknown } };
  if (reply.status === 200) return b.result !== undefined && b.error === undefined ? undefined : 'answered 200 without a result envelope';
  // The user-data delete job answers its documented 202 body outside the envelope (beyond-spec 3.10).
  if (reply.status === 202)
    return typeof body === 'object' && body !== null && b.error === undefined ? undefined : 'answered 202 with an error or a non-object body';
  if (typeof b.error?.status !== 'string' || typeof b.error.message !== 'string' || b.result !== undefined)
    return `answered ${reply.status} without an error envelope`;
  return undefined;
}

const prototypeNames = (): string => Object.getOwnPropertyNames(Object.prototype).sort().join(',');

/**
 * Sends `casesPerRoute` seeded cases to every route of the route table and checks each reply: no unexpected
 * exception (500 INTERNAL), an
 * envelope, the state byte-identical after every refusal, `Object.prototype` untouched; every `resetEvery`
 * cases, `reset()` must give back the starting state byte for byte.
 * @example const figures = await fuzzRoutes({ seed: 1, casesPerRoute: 40 });
 */
export async function fuzzRoutes(options: { seed: number; casesPerRoute: number; resetEvery?: number }): Promise<FuzzFigures> {
  const started = performance.now();
  const draw = seeded(options.seed);
  const errors: unknown[] = [];
  const service = createMockService({ seed: options.seed, onInternalError: (error) => errors.push(error) });
  const initial = service.exportState();
  const protoBefore = prototypeNames();
  const figures: FuzzFigures = { routes: 0, cases: 0, successes: 0, refusals: 0, byStatus: {}, problems: [], ms: 0 };
  const resetEvery = options.resetEvery ?? 25;
  for (const [path, route] of Object.entries(await loadRoutes())) {
    figures.routes += 1;
    const headers = headersFor(service, route.operation.auth);
    for (let i = 0; i < options.casesPerRoute; i++) {
      const body = caseBody(draw, route.operation.schema);
      const before = service.exportState();
      const failures = errors.length;
      const reply = await service.dispatch({ method: 'POST', path, headers, body });
      // A documented 500 (a partial failure the real service answers so) is a reply; an unexpected exception is not.
      if (errors.length > failures) figures.problems.push(`${path} threw ${String(errors.at(-1))} on ${body.slice(0, 200)}`);
      figures.cases += 1;
      figures.byStatus[reply.status] = (figures.byStatus[reply.status] ?? 0) + 1;
      const problem = envelopeProblem(reply);
      if (problem) figures.problems.push(`${path} ${problem} to ${body.slice(0, 200)}`);
      if (reply.status === 200 || reply.status === 202) figures.successes += 1;
      else {
        figures.refusals += 1;
        if (!isPartialFailure(reply) && service.exportState() !== before)
          figures.problems.push(`${path} changed the state while refusing (${reply.status}) ${body.slice(0, 200)}`);
      }
      if (prototypeNames() !== protoBefore || ({} as Record<string, unknown>)['polluted'] !== undefined) {
        figures.problems.push(`${path} changed Object.prototype with ${body.slice(0, 200)}`);
      }
      if ((i + 1) % resetEvery === 0 || i === options.casesPerRoute - 1) {
        service.reset();
        if (service.exportState() !== initial) figures.problems.push(`reset() after ${path} did not give back the starting state`);
      }
      if (figures.problems.length > 20) break;
    }
  }
  figures.ms = Math.round(performance.now() - started);
  return figures;
}
