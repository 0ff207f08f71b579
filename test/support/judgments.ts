/** Judgments for decision-memory tests: a recording in the API's form, and a namespace of judged rows for the engine. */
import type { JudgmentInit } from '../../src/harness/memory.js';
import type { Vocabulary } from '../../src/model/memory/query.js';
import { terms, words } from '../../src/model/memory/text.js';
import type { Namespace } from '../../src/model/state/entities.js';
import { emptyNamespace } from '../../src/model/state/store.js';

/**
 * A judgment as `service.memory.record` and `/v2/memory/record` take it.
 * @example judged('Ad with a sexy nurse outfit', 'Sexualised', 'rejected', 'u1', { organizationId: 'org' })
 */
export const judged = (
  content: string,
  reasoning: string,
  decision: JudgmentInit['decision'],
  userId: string,
  extra: Partial<JudgmentInit> = {},
): JudgmentInit => ({
  content,
  reasoning,
  decision,
  actionUser: { userId },
  ...extra,
});

/** Content, reasoning, decision and (optionally) document of a judgment. */
export type JudgmentRow = readonly [string, string, 'approved' | 'rejected', string?];

/**
 * A namespace holding one judgment per row, recorded in this order under one key by a reviewer of its own; a row with a
 * document puts its judgment in organization `northwind`.
 * @example judgmentIndex(namespaceOfRows([['Ad', 'Fine', 'approved']]).judgments)
 */
export function namespaceOfRows(rows: readonly JudgmentRow[]): Namespace {
  const ns = emptyNamespace('key');
  ns.judgments = rows.map(([content, reasoning, decision, documentId], i) => ({
    recordId: `act_${i}`,
    reasoning,
    decision,
    confidence: 0.9,
    judgeType: 'human',
    contentType: 'review',
    actionUser: { userId: `reviewer-${i}` },
    createdAt: 1_000 + i,
    agent: null,
    content,
    ...(documentId === undefined ? {} : { organizationId: 'northwind', documentId }),
  }));
  return ns;
}

/**
 * The vocabulary of a few judgment texts, as an index would give it to query analysis.
 * @example analyseQuery('a costume', vocabulary(['Costume ad']), synonyms)
 */
export function vocabulary(texts: string[]): Vocabulary {
  const df = new Map<string, number>();
  const surfaces = new Map<string, string | null>();
  for (const text of texts) {
    for (const term of new Set(terms(text))) df.set(term, (df.get(term) ?? 0) + 1);
    for (const word of words(text)) surfaces.set(word, terms(word)[0] ?? null);
  }
  return { documentFrequency: (t) => df.get(t) ?? 0, surfaces: () => surfaces, negates: () => false };
}

/** Unrelated judgments, so that the words of the subjects a test records beside them are rare in the history. */
export const OTHER_SUBJECTS: readonly JudgmentRow[] = [
  ['Checkout adds a mandatory service fee only on the final payment step', 'Drip pricing', 'rejected'],
  ['Product page listing the shipping weight and dimensions', 'Accurate specifications', 'approved'],
  ['Product demo video with accurate closed captions', 'Accessible to deaf viewers', 'approved'],
  ['Quarterly tax filing reminder', 'Accurate dates', 'approved'],
  ['Dashboard redesign with a darker sidebar', 'On brand', 'approved'],
  ['Release notes for the mobile app', 'Clear', 'approved'],
];
