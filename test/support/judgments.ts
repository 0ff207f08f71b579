/** Judgments for decision-memory tests: a recording in the API's form, and a namespace of judged rows for the engine. */
import type { JudgmentInit } from '../../src/harness/memory.js';
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
