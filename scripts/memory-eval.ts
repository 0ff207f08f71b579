/** Asking labelled decision-memory sets through the service: the paraphrase set and the accuracy of the answers. */
import { readFileSync } from 'node:fs';
import type { JudgmentInit } from '../src/harness/memory.js';
import { createMockService, type MockService } from '../src/service.js';

/** A labelled suggest query: the request, and the `primary` recommendation and scope it should get (null: none). */
export interface LabelledQuery {
  id: string;
  query: string;
  organizationId?: string;
  documentId?: string;
  /** The name of the API key to ask with (see `LabelledSet`); absent: the service's seeded key. */
  apiKey?: string;
  expected: { recommendation: 'approve' | 'reject' | null; scope: string | null };
  kinds?: string[];
}

/** How a service answered a labelled set. */
export interface Accuracy {
  right: number;
  total: number;
  nullsRight: number;
  nulls: number;
  misses: string[];
  /** The ids of the queries answered otherwise than labelled. */
  missedIds: string[];
  /** Right answers and queries by kind (a query of several kinds counts in each). */
  byKind: Record<string, { right: number; total: number }>;
}

/** A labelled set: its judgments (each under the seeded key, or a named one), its queries, and the service time they are asked at. */
export interface LabelledSet {
  judgments: (Record<string, unknown> & { apiKey?: string })[];
  queries: LabelledQuery[];
  referenceTime: number;
}

/**
 * The tuning sets under `test/model/memory/`, each written from the contract alone: the bench prints each one's
 * score, and `tuning-sets.test.ts` holds a floor for each (a set listed here without a floor fails that test).
 */
export const TUNING_SETS: readonly string[] = 'abcdefghijklmno'.split('').map((letter) => `tuning-set-${letter}`);

/**
 * The paraphrase set (fixtures/memory/paraphrase-set.json): 144 judgments and 136 queries written apart from the
 * project's own fixtures, worded differently from the judgments they should find.
 */
export function paraphraseSet(): LabelledSet {
  return readLabelledSet(new URL('../fixtures/memory/paraphrase-set.json', import.meta.url));
}

/**
 * A labelled set held in a JSON file, its judgments without the `topic` and `facet` that label them for the set's
 * authors (the judgment form refuses keys it does not know).
 * @example readLabelledSet(new URL('./dev-set.json', import.meta.url))
 */
export function readLabelledSet(file: URL): LabelledSet {
  const set = JSON.parse(readFileSync(file, 'utf8')) as LabelledSet;
  set.judgments = set.judgments.map((judgment) => {
    const { topic: _topic, facet: _facet, ...rest } = judgment as Record<string, unknown>;
    return rest;
  });
  return set;
}

/**
 * A fresh service at the set's time holding its judgments, with the headers of every key the set names (created
 * through `/v2/workspace/apikey/create`); the seeded key is `''`.
 */
export async function serviceForSet(set: LabelledSet): Promise<{ service: MockService; keys: Map<string, Record<string, string>> }> {
  const service = createMockService();
  service.clock.set(set.referenceTime);
  const keys = new Map<string, Record<string, string>>([['', { ...service.credentials.headers }]]);
  const apiKeys = new Map<string, string>([['', service.credentials.apiKey]]);
  const names = [...new Set(set.judgments.map((j) => j.apiKey ?? ''))].concat([...new Set(set.queries.map((q) => q.apiKey ?? ''))]);
  for (const name of names) {
    if (keys.has(name)) continue;
    const reply = await service.dispatch({
      method: 'POST',
      path: '/v2/workspace/apikey/create',
      headers: { 'content-type': 'application/json', ...service.credentials.workspaceHeaders },
      body: JSON.stringify({ data: { ownerEmail: 'owner@example.com', type: 'testing', createAuthToken: true } }),
    });
    const created = (JSON.parse(reply.body) as { result: { data: { apiKey: string; authToken: string } } }).result.data;
    keys.set(name, { 'x-service-api-key': created.apiKey, 'x-service-auth-token': created.authToken });
    apiKeys.set(name, created.apiKey);
  }
  for (const [name, apiKey] of apiKeys) {
    const judgments = set.judgments.filter((j) => (j.apiKey ?? '') === name).map(({ apiKey: _key, ...j }) => j);
    if (judgments.length > 0) service.memory.record(judgments as unknown as JudgmentInit[], { apiKey });
  }
  return { service, keys };
}

/** Asks every query of a labelled set on a fresh service holding its judgments. @example (await askSet(paraphraseSet())).right */
export async function askSet(set: LabelledSet): Promise<Accuracy> {
  const { service, keys } = await serviceForSet(set);
  return askLabelled(service, set.queries, keys);
}

/**
 * Asks every query of a labelled set through `POST /v2/memory/suggest` and compares `primary` with the label.
 * @example const { right } = await askLabelled(service, set.queries)
 */
export async function askLabelled(
  service: MockService,
  queries: readonly LabelledQuery[],
  keys: ReadonlyMap<string, Record<string, string>> = new Map([['', service.credentials.headers]]),
): Promise<Accuracy> {
  const out: Accuracy = { right: 0, total: queries.length, nullsRight: 0, nulls: 0, misses: [], missedIds: [], byKind: {} };
  for (const q of queries) {
    const data: Record<string, string> = { query: q.query };
    if (q.organizationId !== undefined) data['organizationId'] = q.organizationId;
    if (q.documentId !== undefined) data['documentId'] = q.documentId;
    const reply = await service.dispatch({
      method: 'POST',
      path: '/v2/memory/suggest',
      headers: { 'content-type': 'application/json', ...(keys.get(q.apiKey ?? '') ?? {}) },
      body: JSON.stringify({ data }),
    });
    const primary = (JSON.parse(reply.body) as { result: { primary: { recommendation: string; scope: string } | null } }).result.primary;
    const got = { recommendation: primary?.recommendation ?? null, scope: primary?.scope ?? null };
    const ok = got.recommendation === q.expected.recommendation && got.scope === q.expected.scope;
    if (q.expected.recommendation === null) {
      out.nulls++;
      if (ok) out.nullsRight++;
    }
    for (const kind of q.kinds ?? []) {
      const tally = (out.byKind[kind] ??= { right: 0, total: 0 });
      tally.total++;
      if (ok) tally.right++;
    }
    if (ok) out.right++;
    else {
      out.misses.push(`${q.id}: "${q.query}" expected ${JSON.stringify(q.expected)}, got ${JSON.stringify(got)}`);
      out.missedIds.push(q.id);
    }
  }
  return out;
}

/** The kinds of spelling slip `slipQuery` makes: a letter dropped, doubled, swapped with the next, or struck as its keyboard neighbour. */
export type SlipKind = 'dropped' | 'doubled' | 'swapped' | 'struck';

/** The kinds of slip, in the order `slipRobustness` reports them. */
export const SLIP_KINDS: readonly SlipKind[] = ['dropped', 'doubled', 'swapped', 'struck'];

/** Each letter's neighbours on a QWERTY keyboard, for a struck key. */
const NEIGHBOURS: Readonly<Record<string, string>> = {
  a: 'qwsz',
  b: 'vghn',
  c: 'xdfv',
  d: 'serfcx',
  e: 'wsdr',
  f: 'drtgvc',
  g: 'ftyhbv',
  h: 'gyujnb',
  i: 'ujko',
  j: 'huikmn',
  k: 'jiolm',
  l: 'kop',
  m: 'njk',
  n: 'bhjm',
  o: 'iklp',
  p: 'ol',
  q: 'wa',
  r: 'edft',
  s: 'awedxz',
  t: 'rfgy',
  u: 'yhji',
  v: 'cfgb',
  w: 'qase',
  x: 'zsdc',
  y: 'tghu',
  z: 'asx',
};

/** Which word of a query `slipQuery` misspells: its longest, or any word of at least 4 letters, by the seed. */
export type SlipTarget = 'longest' | 'any';

/**
 * The query with one slip of `kind` in one word of at least 4 letters (`target`: its longest, the word a query is
 * most about and the one a hurried writer most often gets wrong, or any, stop words included), never in the first
 * letter. Which word and where the slip falls follow from `seed`, so the same seed gives the same slip. Null when
 * the query has no such word.
 * @example slipQuery('no unsubscribe link', 'swapped', 3) // 'no unsusbcribe link'
 */
export function slipQuery(query: string, kind: SlipKind, seed: number, target: SlipTarget = 'longest'): string | null {
  const words = query.match(/[A-Za-z]{4,}/g) ?? [];
  const longest = target === 'longest' ? [...words].sort((a, b) => b.length - a.length)[0] : words[(seed * 7) % Math.max(1, words.length)];
  if (longest === undefined) return null;
  const w = longest.toLowerCase();
  const at = 1 + (seed % (w.length - 2));
  const letter = w.charAt(at);
  const slip =
    kind === 'dropped'
      ? w.slice(0, at) + w.slice(at + 1)
      : kind === 'doubled'
        ? w.slice(0, at) + letter + w.slice(at)
        : kind === 'swapped'
          ? w.slice(0, at) + w.charAt(at + 1) + letter + w.slice(at + 2)
          : w.slice(0, at) + (NEIGHBOURS[letter] ?? 'e').charAt(seed % (NEIGHBOURS[letter] ?? 'e').length) + w.slice(at + 1);
  return query.replace(longest, slip);
}

/** A service holding the set's judgments, its keys, and the queries it answers as labelled that `keep` keeps. */
async function answeredQueries(set: LabelledSet, keep: (query: LabelledQuery) => boolean) {
  const { service, keys } = await serviceForSet(set);
  const missed = new Set((await askLabelled(service, set.queries, keys)).missedIds);
  return { service, keys, answered: set.queries.filter((q) => !missed.has(q.id) && keep(q)) };
}

/** Each template with `{item}` replaced by the query. */
function filled(templates: readonly string[]): ((query: string) => string)[] {
  return templates.map((template) => (query: string) => template.replace('{item}', query));
}

/**
 * How well the answers of labelled sets survive spelling slips: for each set, every query answered as labelled with
 * a recommendation is asked again with each kind of slip in its longest word, or in any word (`target`; see
 * `slipQuery`, seeded by the query's position), and counted when the answer stays as labelled.
 * @example const { kept, asked } = await slipRobustness([paraphraseSet()])
 */
export async function slipRobustness(
  sets: readonly LabelledSet[],
  target: SlipTarget = 'longest',
): Promise<{ kept: number; asked: number; byKind: Record<SlipKind, { kept: number; asked: number }> }> {
  const byKind = Object.fromEntries(SLIP_KINDS.map((k) => [k, { kept: 0, asked: 0 }])) as Record<SlipKind, { kept: number; asked: number }>;
  for (const set of sets) {
    const { service, keys, answered } = await answeredQueries(set, (q) => q.expected.recommendation !== null);
    for (const kind of SLIP_KINDS) {
      const slipped = answered.flatMap((q, i) => {
        const query = slipQuery(q.query, kind, i, target);
        return query === null || query === q.query ? [] : [{ ...q, query }];
      });
      const result = await askLabelled(service, slipped, keys);
      byKind[kind].kept += result.right;
      byKind[kind].asked += result.total;
    }
  }
  const kept = SLIP_KINDS.reduce((n, k) => n + byKind[k].kept, 0);
  const asked = SLIP_KINDS.reduce((n, k) => n + byKind[k].asked, 0);
  return { kept, asked, byKind };
}

/**
 * Messages an item arrives in when pasted from a queue, a chat or an email: a greeting, a ticket or release number,
 * a deadline, a request for a verdict and a sign-off around it (`{item}`).
 */
export const ENVELOPES: readonly string[] = [
  'Hi Dana, ticket 4471 needs a decision by Friday: {item}. Thanks, Priya',
  'Morning team, quick one before the 3pm cut-off - {item}. Can someone approve or reject? Cheers, Leo',
  'Forwarding from the moderation queue (batch 12, item 88): "{item}" Please review today.',
  'Hey Sam, release 2.4.1 goes out Monday and legal wants a yes or no: {item}. Thanks!',
];

/** How many answers of labelled sets stayed as labelled when their queries were rewritten, nulls counted apart. */
export interface Survival {
  kept: number;
  asked: number;
  nullsKept: number;
  nulls: number;
}

/**
 * How well the answers of labelled sets survive their queries being rewritten: every query answered as labelled (not
 * one written as a pasted item already) is asked again rewritten by each of `rewrites`, and counted when the answer
 * stays as labelled; queries labelled with a recommendation and null queries are counted apart.
 * @example await rewriteRobustness([paraphraseSet()], [(q) => q.toUpperCase()])
 */
export async function rewriteRobustness(sets: readonly LabelledSet[], rewrites: readonly ((query: string) => string)[]): Promise<Survival> {
  const out = { kept: 0, asked: 0, nullsKept: 0, nulls: 0 };
  for (const set of sets) {
    const { service, keys, answered } = await answeredQueries(set, (q) => !(q.kinds ?? []).includes('pasted'));
    for (const rewrite of rewrites) {
      const result = await askLabelled(
        service,
        answered.map((q) => ({ ...q, query: rewrite(q.query) })),
        keys,
      );
      out.kept += result.right - result.nullsRight;
      out.asked += result.total - result.nulls;
      out.nullsKept += result.nullsRight;
      out.nulls += result.nulls;
    }
  }
  return out;
}

/** How well the answers of labelled sets survive being pasted inside each of `ENVELOPES` (see `rewriteRobustness`). */
export function envelopeRobustness(sets: readonly LabelledSet[]): Promise<Survival> {
  return rewriteRobustness(sets, filled(ENVELOPES));
}

/** An item followed by a short question asking for the verdict (`{item}`). */
export const VERDICT_ASKS: readonly string[] = ['{item} - is this acceptable?', '{item}. Can we publish it?'];

/** How well the answers of labelled sets survive a question for the verdict after the item (see `VERDICT_ASKS`). */
export function verdictAskRobustness(sets: readonly LabelledSet[]): Promise<Survival> {
  return rewriteRobustness(sets, filled(VERDICT_ASKS));
}

/** Ways a query is written in capitals: all of it (a shout, a subject line) and each word's first letter (a title). */
export const CAPITALISED: readonly ((query: string) => string)[] = [
  (query) => query.toUpperCase(),
  (query) => query.replace(/(^|[^\p{L}'])(\p{Ll})/gu, (_, before: string, letter: string) => before + letter.toUpperCase()),
];
