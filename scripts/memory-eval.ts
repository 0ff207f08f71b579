/** Asking labelled decision-memory sets through the service: the paraphrase set and the accuracy of the answers. */
import { readFileSync } from 'node:fs';
import type { MockService } from '../src/service.js';

/** A labelled suggest query: the request, and the `primary` recommendation and scope it should get (null: none). */
export interface LabelledQuery {
  id: string;
  query: string;
  organizationId?: string;
  documentId?: string;
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
}

/** A labelled set: its judgments, its queries, and the service time they are asked at. */
export interface LabelledSet {
  judgments: unknown[];
  queries: LabelledQuery[];
  referenceTime: number;
}

/**
 * The paraphrase set (fixtures/memory/paraphrase-set.json): 144 judgments and 136 queries written apart from the
 * project's own fixtures, worded differently from the judgments they should find.
 */
export function paraphraseSet(): LabelledSet {
  const set = JSON.parse(readFileSync(new URL('../fixtures/memory/paraphrase-set.json', import.meta.url), 'utf8')) as LabelledSet;
  // `topic` and `facet` label the set for its authors; the judgment form refuses keys it does not know.
  set.judgments = set.judgments.map((judgment) => {
    const { topic: _topic, facet: _facet, ...rest } = judgment as Record<string, unknown>;
    return rest;
  });
  return set;
}

/**
 * Asks every query of a labelled set through `POST /v2/memory/suggest` and compares `primary` with the label.
 * @example const { right } = await askLabelled(service, set.queries)
 */
export async function askLabelled(service: MockService, queries: readonly LabelledQuery[]): Promise<Accuracy> {
  const out: Accuracy = { right: 0, total: queries.length, nullsRight: 0, nulls: 0, misses: [] };
  for (const q of queries) {
    const data: Record<string, string> = { query: q.query };
    if (q.organizationId !== undefined) data['organizationId'] = q.organizationId;
    if (q.documentId !== undefined) data['documentId'] = q.documentId;
    const reply = await service.dispatch({
      method: 'POST',
      path: '/v2/memory/suggest',
      headers: { 'content-type': 'application/json', ...service.credentials.headers },
      body: JSON.stringify({ data }),
    });
    const primary = (JSON.parse(reply.body) as { result: { primary: { recommendation: string; scope: string } | null } }).result.primary;
    const got = { recommendation: primary?.recommendation ?? null, scope: primary?.scope ?? null };
    const ok = got.recommendation === q.expected.recommendation && got.scope === q.expected.scope;
    if (q.expected.recommendation === null) {
      out.nulls++;
      if (ok) out.nullsRight++;
    }
    if (ok) out.right++;
    else out.misses.push(`${q.id}: "${q.query}" expected ${JSON.stringify(q.expected)}, got ${JSON.stringify(got)}`);
  }
  return out;
}
