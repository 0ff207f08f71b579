import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createMockService } from '../../../src/service.js';
import { type Client, forEachTransport, type Reply } from '../../support/transports.js';

/**
 * The held-out set: labelled from the contract (service-facts 5, api.md) without reading the matching code, never used to
 * choose weights. Its score is reported here, not asserted; what is asserted holds however well the matching does.
 */
const SET_FILE = new URL('../../../fixtures/memory/held-out-set.json', import.meta.url);

type Side = 'approve' | 'reject';
type Scope = 'document' | 'organization' | 'apiKey';
interface Judgment {
  recordId: string;
  reasoning: string;
  decision: string;
  actionUser: { userId: string };
  topic: string;
  facet: string;
  organizationId?: string;
  documentId?: string;
  apiKey?: 'second';
}
interface Query {
  id: string;
  query: string;
  relevant: { topic: string; facets?: string[] } | null;
  expected: { recommendation: Side | null; scope: Scope | null };
  kinds: string[];
  organizationId?: string;
  documentId?: string;
  apiKey?: 'second';
}
interface HeldOutSet {
  referenceTime: number;
  summary: Record<string, unknown>;
  judgments: Judgment[];
  queries: Query[];
}

const KINDS = [
  'pasted',
  'paraphrase',
  'derivation',
  'broader-narrower',
  'multi-word',
  'polarity',
  'inflection',
  'typo',
  'split',
  'scope',
  'fallback',
  'small-key',
  'thin',
  'unrelated',
  'distractor',
];
const SIDES: Record<string, Side> = {
  approved: 'approve',
  agree: 'approve',
  endorse: 'approve',
  document_approved: 'approve',
  rejected: 'reject',
  disagree: 'reject',
  document_rejected: 'reject',
};
const LABELS: Record<Scope, string> = { document: 'This document', organization: 'This organization', apiKey: 'All content' };

const set = JSON.parse(readFileSync(SET_FILE, 'utf8')) as HeldOutSet;

/** The scopes a query may be answered in, narrowest first, each with the judgments it holds. */
function ladder(q: Query, withDocumentsInOrganization = true): [Scope, Judgment[]][] {
  const own = set.judgments.filter((j) => j.apiKey === q.apiKey);
  const steps: [Scope, Judgment[]][] = [];
  if (q.documentId) steps.push(['document', own.filter((j) => j.organizationId === q.organizationId && j.documentId === q.documentId)]);
  if (q.organizationId)
    steps.push(['organization', own.filter((j) => j.organizationId === q.organizationId && (withDocumentsInOrganization || !j.documentId))]);
  steps.push(['apiKey', own]);
  return steps;
}

/** What service-facts 5.2-5.4 make the primary suggestion, given the judgments a reviewer counts as relevant. */
function contractLabel(q: Query, withDocumentsInOrganization: boolean): Query['expected'] {
  const { relevant } = q;
  if (relevant === null) return { recommendation: null, scope: null };
  for (const [scope, held] of ladder(q, withDocumentsInOrganization)) {
    const counted = held.filter((j) => j.topic === relevant.topic && (!relevant.facets || relevant.facets.includes(j.facet)));
    const approve = counted.filter((j) => SIDES[j.decision] === 'approve').length;
    const reject = counted.filter((j) => SIDES[j.decision] === 'reject').length;
    if (Math.max(approve, reject) < 2) continue;
    if (approve === reject) throw new Error(`${q.id}: a tie at ${scope} would leave the label to the tie-breaks`);
    return { recommendation: approve > reject ? 'approve' : 'reject', scope };
  }
  return { recommendation: null, scope: null };
}

/** What asking the set needs of a client: its service, API-key calls and workspace calls. */
type Asker = Pick<Client, 'service' | 'post' | 'postWorkspace'>;

/** A service at the set's clock holding its judgments (labels stripped), and the headers of each of its two keys. */
async function recorded(client: Asker): Promise<Record<'default' | 'second', Record<string, string>>> {
  const { service } = client;
  service.clock.set(set.referenceTime);
  const created = await client.postWorkspace('/v2/workspace/apikey/create', { ownerEmail: 'eval@example.com', type: 'testing', createAuthToken: true });
  expect(created.status).toBe(200);
  const { apiKey, authToken } = created.body.result.data as { apiKey: string; authToken: string };
  const plain = (j: Judgment) => {
    const { topic: _topic, facet: _facet, apiKey: _key, ...judgment } = j;
    return judgment;
  };
  service.memory.record(set.judgments.filter((j) => !j.apiKey).map(plain) as never);
  service.memory.record(set.judgments.filter((j) => j.apiKey === 'second').map(plain) as never, { apiKey });
  return { default: service.credentials.headers, second: { 'x-service-api-key': apiKey, 'x-service-auth-token': authToken } };
}

const data = (q: Query) => ({
  query: q.query,
  ...(q.organizationId ? { organizationId: q.organizationId } : {}),
  ...(q.documentId ? { documentId: q.documentId } : {}),
});

/** Asserts what the contract fixes about one reply whatever the matching finds. */
function expectWellFormed(q: Query, reply: Reply): void {
  const where = `${q.id}: ${reply.text}`;
  expect(reply.status, where).toBe(200);
  expect(Object.keys(reply.body), where).toEqual(['result']);
  expect(Object.keys(reply.body.result).sort(), where).toEqual(['conflict', 'primary']);
  const { primary, conflict } = reply.body.result;
  const allowed = ladder(q);
  const check = (s: any) => {
    expect(Object.keys(s).sort(), where).toEqual([
      'basedOn',
      'caveats',
      'confidence',
      'recommendation',
      'scope',
      'scopeLabel',
      'topReasons',
      'uniqueReviewers',
    ]);
    expect(['approve', 'reject'], where).toContain(s.recommendation);
    const step = allowed.find(([scope]) => scope === s.scope);
    expect(step, where).toBeDefined();
    expect(s.scopeLabel, where).toBe(LABELS[s.scope as Scope]);
    const side = step![1].filter((j) => SIDES[j.decision] === s.recommendation);
    expect(Number.isInteger(s.basedOn) && s.basedOn >= 2 && s.basedOn <= side.length, where).toBe(true);
    const reviewers = new Set(side.map((j) => j.actionUser.userId)).size;
    expect(Number.isInteger(s.uniqueReviewers) && s.uniqueReviewers >= 1 && s.uniqueReviewers <= Math.min(s.basedOn, reviewers), where).toBe(true);
    expect(typeof s.confidence === 'number' && s.confidence >= 0 && s.confidence <= 1 && Math.round(s.confidence * 100) / 100 === s.confidence, where).toBe(
      true,
    );
    expect(s.topReasons.length <= 3 && new Set(s.topReasons).size === s.topReasons.length, where).toBe(true);
    for (const reason of s.topReasons)
      expect(
        side.map((j) => j.reasoning),
        where,
      ).toContain(reason);
    expect(Array.isArray(s.caveats) && s.caveats.every((c: unknown) => typeof c === 'string'), where).toBe(true);
  };
  if (primary === null) {
    expect(conflict, where).toBeNull();
    return;
  }
  check(primary);
  if (conflict === null) return;
  check(conflict);
  expect(conflict.recommendation, where).not.toBe(primary.recommendation);
  expect(conflict.scope, where).toBe(primary.scope);
  expect(conflict.basedOn, where).toBeLessThanOrEqual(primary.basedOn);
  expect(conflict.caveats, where).toHaveLength(1);
  expect(primary.caveats.length, where).toBeGreaterThanOrEqual(1);
}

/** Records the set on a fresh service of `client` and asks every query; the replies in query order. */
async function askAll(client: Asker): Promise<Reply[]> {
  const headers = await recorded(client);
  const replies: Reply[] = [];
  for (const q of set.queries) replies.push(await client.post('/v2/memory/suggest', data(q), headers[q.apiKey ?? 'default']));
  return replies;
}

describe('the held-out decision-memory set', () => {
  it('holds at least 120 judgments and 100 queries of every kind, and its summary counts what it holds', () => {
    const { summary, judgments, queries } = set;
    expect(judgments.length).toBeGreaterThanOrEqual(120);
    expect(queries.length).toBeGreaterThanOrEqual(100);
    expect(new Set(queries.map((q) => q.id)).size).toBe(queries.length);
    const byKind: Record<string, number> = {};
    for (const q of queries) for (const k of q.kinds) byKind[k] = (byKind[k] ?? 0) + 1;
    expect(Object.keys(byKind).sort()).toEqual([...KINDS].sort());
    const count = <T extends string>(values: (T | null)[]) => {
      const out: Record<string, number> = {};
      for (const v of values) if (v !== null) out[v] = (out[v] ?? 0) + 1;
      return out;
    };
    expect(summary).toMatchObject({
      judgments: judgments.length,
      queries: queries.length,
      nulls: queries.filter((q) => q.expected.recommendation === null).length,
      positives: queries.filter((q) => q.expected.recommendation !== null).length,
      byScope: count(queries.map((q) => q.expected.scope)),
      byRecommendation: count(queries.map((q) => q.expected.recommendation)),
      byKind,
    });
    for (const q of queries.filter((q) => q.kinds.includes('pasted'))) expect(q.query.split(/\s+/).length, q.id).toSatisfy((n: number) => n >= 19 && n <= 25);
    expect(judgments.filter((j) => j.apiKey === 'second')).toHaveLength(3);
  });

  it('labels every query as the contract rules give it, whether or not organization scope holds document judgments', () => {
    for (const q of set.queries) {
      expect(contractLabel(q, true), q.id).toEqual(q.expected);
      expect(contractLabel(q, false), q.id).toEqual(q.expected);
    }
  });

  it('reports the score by kind (reported, not asserted: the set is not for tuning)', async () => {
    const service = createMockService();
    const post = async (path: string, body: unknown, headers: Record<string, string | undefined> = service.credentials.headers) => {
      const reply = await service.dispatch({
        method: 'POST',
        path,
        headers: { 'content-type': 'application/json', ...headers },
        body: JSON.stringify({ data: body }),
      });
      return { status: reply.status, text: reply.body, body: JSON.parse(reply.body), headers: reply.headers };
    };
    const client: Asker = { service, post, postWorkspace: (path, body) => post(path, body, service.credentials.workspaceHeaders) };
    const replies = await askAll(client);
    const tally = new Map<string, [number, number]>();
    const misses: string[] = [];
    set.queries.forEach((q, i) => {
      const primary = replies[i]!.body.result.primary;
      const got = { recommendation: primary?.recommendation ?? null, scope: primary?.scope ?? null };
      const right = got.recommendation === q.expected.recommendation && got.scope === q.expected.scope;
      if (!right) misses.push(`  ${q.id} [${q.kinds.join(', ')}]: expected ${JSON.stringify(q.expected)}, got ${JSON.stringify(got)}`);
      for (const kind of ['all', q.expected.recommendation === null ? 'null expected' : 'suggestion expected', ...q.kinds]) {
        const [r, n] = tally.get(kind) ?? [0, 0];
        tally.set(kind, [r + (right ? 1 : 0), n + 1]);
      }
    });
    const line = (kind: string) => {
      const [r, n] = tally.get(kind)!;
      return `  ${kind.padEnd(20)} ${`${r}/${n}`.padStart(7)}  ${((100 * r) / n).toFixed(0).padStart(3)}%`;
    };
    const [right, total] = tally.get('all')!;
    console.info(
      [
        `decision memory: held-out set ${right}/${total} (${((100 * right) / total).toFixed(1)}%)`,
        ...['null expected', 'suggestion expected', ...KINDS].map(line),
        `misses:`,
        ...misses,
      ].join('\n'),
    );
    expect(total).toBe(set.queries.length);
  });
});

forEachTransport('decision memory on the held-out set', (fresh) => {
  it('answers every query 200 with a well-formed reply, and the same bytes on a second fresh service', async () => {
    const first = await askAll(fresh());
    for (const [i, q] of set.queries.entries()) expectWellFormed(q, first[i]!);
    const second = await askAll(fresh());
    expect(second.map((r) => r.text)).toEqual(first.map((r) => r.text));
  });
});
