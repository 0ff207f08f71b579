import type { Predicate } from '../state/records/workflow.js';

/**
 * Custom edge predicates (beyond-spec-4 4.2.0 A): a JSON-AST string, parsed once and evaluated by a walker, never as
 * code. Operands are literals or `{var: "<root>.<path>"}`; a missing path reads as `null`.
 */

/** Every operator the walker knows, with how many arguments it takes (`-1`: one or more). */
const ARITY: Readonly<Record<string, number>> = {
  eq: 2,
  ne: 2,
  gt: 2,
  gte: 2,
  lt: 2,
  lte: 2,
  and: -1,
  or: -1,
  not: 1,
  regex: 2,
  includes: 2,
  startsWith: 2,
  endsWith: 2,
  length: 1,
  isEmpty: 1,
};

/** The deepest predicate the walker accepts (the string itself is at most 1,000 characters). */
const MAX_DEPTH = 32;

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Whether a parsed value is a well-formed predicate (known operators, right arity, string `var` paths). */
function wellFormed(node: unknown, depth: number): boolean {
  if (depth > MAX_DEPTH) return false;
  if (Array.isArray(node)) return node.every((item) => wellFormed(item, depth + 1));
  if (!isObject(node)) return true;
  if ('var' in node) return Object.keys(node).length === 1 && typeof node['var'] === 'string';
  const op = node['op'];
  const args = node['args'];
  if (typeof op !== 'string' || !Object.hasOwn(ARITY, op) || !Array.isArray(args) || Object.keys(node).length !== 2) return false;
  const arity = ARITY[op] as number;
  if (arity === -1 ? args.length === 0 : args.length !== arity) return false;
  return args.every((arg) => wellFormed(arg, depth + 1));
}

/**
 * Parses a `when` string into a predicate, or `undefined` when it is not JSON or not a well-formed JSON-AST.
 * @example parsePredicate('{"op":"eq","args":[{"var":"output.decision"},"approve"]}')
 */
export function parsePredicate(when: string): Predicate | undefined {
  let parsed: unknown;
  try {
    parsed = JSON.parse(when);
  } catch {
    return undefined;
  }
  return isObject(parsed) && 'op' in parsed && wellFormed(parsed, 0) ? (parsed as Predicate) : undefined;
}

/** The predicate of an `approve` or `reject` edge: `output.decision` equals the role. @example rolePredicate('approve') */
export function rolePredicate(role: 'approve' | 'reject'): Predicate {
  return { op: 'eq', args: [{ var: 'output.decision' }, role] };
}

/** Whether a predicate reads `step.status` anywhere (a custom edge that can fire on a breach). */
export function readsStepStatus(node: unknown): boolean {
  if (Array.isArray(node)) return node.some(readsStepStatus);
  if (!isObject(node)) return false;
  if (node['var'] === 'step.status') return true;
  return Array.isArray(node['args']) && node['args'].some(readsStepStatus);
}

/** The value at a dot path (`a.b.0.c`), or `null` when any part is missing. */
export function readPath(root: unknown, path: string): unknown {
  let value: unknown = root;
  for (const part of path.split('.')) {
    if (part === '') continue;
    if (Array.isArray(value)) value = /^\d+$/.test(part) ? value[Number(part)] : undefined;
    else if (isObject(value)) value = Object.hasOwn(value, part) ? value[part] : undefined;
    else value = undefined;
    if (value === undefined) return null;
  }
  return value === undefined ? null : value;
}

/** What a predicate sees: the source step's output, its metadata, and the run's input. */
export interface PredicateScope {
  output: unknown;
  step: { stepId: string; nodeId: string; status: string; retryCount: number };
  execution: { input: unknown };
}

const equal = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b);
const ordered = (a: unknown, b: unknown): boolean => (typeof a === 'number' && typeof b === 'number') || (typeof a === 'string' && typeof b === 'string');

function value(node: unknown, scope: PredicateScope): unknown {
  if (Array.isArray(node)) return node.map((item) => value(item, scope));
  if (!isObject(node)) return node;
  if ('var' in node) {
    const path = String(node['var']);
    const dot = path.indexOf('.');
    const root = dot === -1 ? path : path.slice(0, dot);
    const rest = dot === -1 ? '' : path.slice(dot + 1);
    if (root !== 'output' && root !== 'step' && root !== 'execution') return null;
    return readPath(scope[root], rest);
  }
  const args = node['args'] as unknown[];
  const [a, b] = args.map((arg) => (node['op'] === 'and' || node['op'] === 'or' ? arg : value(arg, scope)));
  switch (node['op']) {
    case 'eq':
      return equal(a, b);
    case 'ne':
      return !equal(a, b);
    case 'gt':
      return ordered(a, b) && (a as number) > (b as number);
    case 'gte':
      return ordered(a, b) && (a as number) >= (b as number);
    case 'lt':
      return ordered(a, b) && (a as number) < (b as number);
    case 'lte':
      return ordered(a, b) && (a as number) <= (b as number);
    case 'and':
      return args.every((arg) => truthy(value(arg, scope)));
    case 'or':
      return args.some((arg) => truthy(value(arg, scope)));
    case 'not':
      return !truthy(a);
    case 'regex':
      return typeof a === 'string' && typeof b === 'string' && safeRegex(b)?.test(a) === true;
    case 'includes':
      return (typeof a === 'string' && typeof b === 'string' && a.includes(b)) || (Array.isArray(a) && a.some((item) => equal(item, b)));
    case 'startsWith':
      return typeof a === 'string' && typeof b === 'string' && a.startsWith(b);
    case 'endsWith':
      return typeof a === 'string' && typeof b === 'string' && a.endsWith(b);
    case 'length':
      return typeof a === 'string' || Array.isArray(a) ? a.length : isObject(a) ? Object.keys(a).length : 0;
    case 'isEmpty':
      return a === null || a === '' || (Array.isArray(a) && a.length === 0) || (isObject(a) && Object.keys(a).length === 0);
    default:
      return null;
  }
}

function truthy(v: unknown): boolean {
  return v !== null && v !== false && v !== 0 && v !== '' && v !== undefined;
}

/**
 * A pattern of a `regex` predicate: at most 200 characters and no nested quantifier (the shapes that backtrack
 * without end are refused, so a predicate can never stall the engine); `undefined` when refused or invalid.
 */
function safeRegex(pattern: string): RegExp | undefined {
  if (pattern.length > 200 || /\([^)]*[+*][^)]*\)[+*{]/.test(pattern)) return undefined;
  try {
    return new RegExp(pattern);
  } catch {
    return undefined;
  }
}

/**
 * Whether a predicate holds in a scope; `null` (an `always` edge) always holds.
 * @example evaluate(rolePredicate('approve'), { output: { decision: 'approve' }, step, execution }) === true
 */
export function evaluate(predicate: Predicate | null, scope: PredicateScope): boolean {
  return predicate === null || truthy(value(predicate, scope));
}
