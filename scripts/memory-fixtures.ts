/**
 * The deterministic generator of the decision-memory fixtures (`fixtures/memory/*.json`): judgments from the
 * topic plan in `memory-topics.ts`, and labelled queries whose expected answers follow from the plan's counts
 * alone (the judgments of a topic are the ones a query about it should find), not from running suggest.
 */
import type { JUDGMENT_DECISIONS } from '../src/operations/memory.js';
import { REFERENCE_TIME } from '../src/support/clock.js';
import { createRng, type Rng } from '../src/support/rng.js';
import { type Block, PRODUCTS, TOPICS, type Topic, UNRELATED_QUERIES } from './memory-topics.js';

/** A judgment as the fixtures hold it (service-facts 3.42, emulator input form). */
export interface FixtureJudgment {
  recordId: string;
  content: string;
  reasoning: string;
  decision: (typeof JUDGMENT_DECISIONS)[number];
  confidence: number;
  judgeType: 'human' | 'agent';
  contentType: string;
  actionUser: { userId: string; name: string; email: string };
  createdAt: number;
  organizationId?: string;
  documentId?: string;
  agent: Record<string, unknown> | null;
}

type Scope = 'document' | 'organization' | 'apiKey';

/** A query with the answer the plan implies. */
export interface LabelledQuery {
  id: string;
  query: string;
  organizationId?: string;
  documentId?: string;
  expected: { recommendation: 'approve' | 'reject' | null; scope: Scope | null };
}

const DAY = 24 * 60 * 60 * 1000;
const DECISIONS = {
  approve: ['approved', 'approved', 'agree', 'endorse', 'document_approved'],
  reject: ['rejected', 'rejected', 'disagree', 'document_rejected'],
  neither: ['comment', 'resolve', 'in_progress'],
} as const;
const NAMES = ['Sarah Lee', 'Omar Haddad', 'Mei Chen', 'Lucas Silva', 'Anna Kowalski', 'Tom Becker'];
const AGENT = { agentId: 'agent-compliance', name: 'Compliance agent' };

const pick = <T>(rng: Rng, list: readonly T[]): T => list[rng.int(list.length)] as T;

/** A reason, the first of its list most often, so `topReasons` has a clear order. */
const reason = (rng: Rng, list: readonly string[]): string => (rng.next() < 0.55 ? (list[0] as string) : pick(rng, list));

function reviewer(rng: Rng, org: string | null): FixtureJudgment['actionUser'] {
  const n = rng.int(NAMES.length);
  const prefix = org ?? 'shared';
  const name = NAMES[n] as string;
  return { userId: `${prefix}-reviewer-${n + 1}`, name, email: `${name.split(' ')[0]?.toLowerCase()}@${prefix}.example` };
}

function judgment(rng: Rng, topic: Topic, block: Block, side: keyof typeof DECISIONS): FixtureJudgment {
  const [org, doc] = block;
  const byAgent = rng.next() < 0.15;
  const reasons = side === 'approve' ? topic.approveReasons : side === 'reject' ? topic.rejectReasons : topic.neitherReasons;
  const [minDays, maxDays] = topic.ageDays;
  const record: FixtureJudgment = {
    recordId: `act_${Array.from({ length: 20 }, () => '0123456789abcdef'.charAt(rng.int(16))).join('')}`,
    content: pick(rng, topic.contents).replaceAll('{P}', pick(rng, PRODUCTS)),
    reasoning: reason(rng, reasons),
    decision: pick(rng, DECISIONS[side]),
    confidence: Math.round((0.55 + rng.next() * 0.44) * 100) / 100,
    judgeType: byAgent ? 'agent' : 'human',
    contentType: topic.contentType,
    actionUser: reviewer(rng, org),
    createdAt: REFERENCE_TIME - (minDays + rng.int(maxDays - minDays)) * DAY - rng.int(DAY),
    agent: byAgent ? { ...AGENT } : null,
  };
  if (org !== null) record.organizationId = org;
  if (doc !== null) record.documentId = doc;
  return record;
}

/**
 * The fixture judgments: every block of every topic, `scale` times over, shuffled by the seeded generator.
 * @example generateJudgments().length // 314
 */
export function generateJudgments(options: { seed?: number; scale?: number } = {}): FixtureJudgment[] {
  const rng = createRng(options.seed ?? 2026);
  const out: FixtureJudgment[] = [];
  for (let round = 0; round < (options.scale ?? 1); round++) {
    for (const topic of TOPICS) {
      for (const block of topic.blocks) {
        const [, , approve, reject, neither] = block;
        for (let i = 0; i < approve; i++) out.push(judgment(rng, topic, block, 'approve'));
        for (let i = 0; i < reject; i++) out.push(judgment(rng, topic, block, 'reject'));
        for (let i = 0; i < neither; i++) out.push(judgment(rng, topic, block, 'neither'));
      }
    }
  }
  for (let i = out.length - 1; i > 0; i--) {
    const j = rng.int(i + 1);
    [out[i], out[j]] = [out[j] as FixtureJudgment, out[i] as FixtureJudgment];
  }
  return out;
}

/** What suggest should answer for a topic in a scope, from the plan's counts and the rules of service-facts 5. */
export function expectedFor(topic: Topic, org?: string, doc?: string): LabelledQuery['expected'] {
  const ladder: Scope[] = org === undefined ? ['apiKey'] : doc === undefined ? ['organization', 'apiKey'] : ['document', 'organization', 'apiKey'];
  for (const scope of ladder) {
    let approve = 0;
    let reject = 0;
    for (const [bOrg, bDoc, a, r] of topic.blocks) {
      const inScope = scope === 'apiKey' || (bOrg === org && (scope === 'organization' || bDoc === doc));
      if (!inScope) continue;
      approve += a;
      reject += r;
    }
    if (approve === reject && approve >= 2) throw new Error(`The plan of ${topic.key} ties in ${scope}; make one side lead.`);
    const lead = Math.max(approve, reject);
    if (lead >= 2) return { recommendation: approve > reject ? 'approve' : 'reject', scope };
  }
  return { recommendation: null, scope: null };
}

/**
 * The labelled queries: per topic one unscoped query and one per `asked` scope, plus queries about nothing judged.
 * @example generateQueries().filter((q) => q.expected.recommendation === null)
 */
export function generateQueries(): LabelledQuery[] {
  const out: LabelledQuery[] = [];
  for (const topic of TOPICS) {
    out.push({ id: `${topic.key}-all`, query: topic.queries[0] as string, expected: expectedFor(topic) });
    topic.asked.forEach(([org, doc], i) => {
      out.push({
        id: `${topic.key}-${doc ?? org}`,
        query: topic.queries[(i + 1) % topic.queries.length] as string,
        organizationId: org,
        ...(doc !== undefined ? { documentId: doc } : {}),
        expected: expectedFor(topic, org, doc),
      });
    });
  }
  for (const [i, query] of UNRELATED_QUERIES.entries()) out.push({ id: `unrelated-${i + 1}`, query, expected: { recommendation: null, scope: null } });
  return out;
}

/** The bytes of a fixture file: two-space JSON and a final newline. */
export function fixtureText(value: unknown): string {
  return `${JSON.stringify(value, null, 2)}\n`;
}
