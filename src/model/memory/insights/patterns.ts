import { cloneState } from '../../state/clone.js';
import type { Namespace } from '../../state/entities.js';
import type { PatternRecord } from '../../state/records/insights.js';
import type { JudgmentRecord } from '../../state/records/memory.js';
import { internalId } from '../filters.js';
import { sideOf } from '../suggest.js';
import { derivedFrom } from '../views.js';
import { readInsights } from './state.js';

/** What one content type adds up to in one scope, over its approve and reject judgments. */
interface Group {
  scope: 'apiKey' | 'org';
  organization?: string;
  contentType: string;
  approve: number;
  reject: number;
  /** The newest sided judgment's `createdAt`. */
  newest: number;
  reviewers: Set<string>;
  /** The 5 newest judgments of each side, newest first (positions). */
  top: { approve: number[]; reject: number[] };
}

type Groups = Map<string, Group>;

const cache = new WeakMap<readonly JudgmentRecord[], { size: number; last: JudgmentRecord | undefined; value: Groups }>();

/** Per content type tallies of the whole key and of each organization, kept beside the judgments and extended as they grow. */
function groupsOf(judgments: readonly JudgmentRecord[]): Groups {
  return derivedFrom(
    cache,
    judgments,
    () => new Map(),
    (groups, from, to) => {
      for (let i = from; i < to; i++) {
        const j = judgments[i] as JudgmentRecord;
        const side = sideOf(j.decision);
        if (side === null || j.contentType === '') continue;
        add(groups, `k\u0000${j.contentType}`, { scope: 'apiKey', contentType: j.contentType }, judgments, i, side);
        if (j.organizationId !== undefined) {
          add(
            groups,
            `o\u0000${j.organizationId}\u0000${j.contentType}`,
            { scope: 'org', organization: j.organizationId, contentType: j.contentType },
            judgments,
            i,
            side,
          );
        }
      }
    },
  );
}

function add(
  groups: Groups,
  key: string,
  id: Pick<Group, 'scope' | 'organization' | 'contentType'>,
  judgments: readonly JudgmentRecord[],
  at: number,
  side: 'approve' | 'reject',
): void {
  let group = groups.get(key);
  if (!group)
    groups.set(key, (group = { ...id, approve: 0, reject: 0, newest: Number.NEGATIVE_INFINITY, reviewers: new Set(), top: { approve: [], reject: [] } }));
  const j = judgments[at] as JudgmentRecord;
  group[side]++;
  group.newest = Math.max(group.newest, j.createdAt);
  group.reviewers.add(j.actionUser.userId);
  const top = group.top[side];
  const newer = (a: number, b: number) => (judgments[a] as JudgmentRecord).createdAt - (judgments[b] as JudgmentRecord).createdAt || a - b;
  let i = top.length;
  while (i > 0 && newer(at, top[i - 1] as number) > 0) i--;
  if (i < 5) {
    top.splice(i, 0, at);
    if (top.length > 5) top.pop();
  }
}

const round2 = (value: number) => Math.round(value * 100) / 100;

/** The patterns of a group: a content type with at least 5 decisions whose majority side holds at least 80%. */
function patternOf(ns: Namespace, group: Group): PatternRecord | undefined {
  const n = group.approve + group.reject;
  if (n < 5) return undefined;
  const side = group.approve >= group.reject ? 'approve' : 'reject';
  const share = group[side] / n;
  if (share < 0.8) return undefined;
  const pattern: PatternRecord = { scope: group.scope } as PatternRecord;
  if (group.organization !== undefined) pattern.organizationId = internalId(ns.apiKey, 'organization', group.organization);
  return Object.assign(pattern, {
    description: `"${group.contentType}" items are usually ${side === 'approve' ? 'approved' : 'rejected'} (${Math.round(share * 100)}% of ${n} decisions).`,
    confidence: round2(share),
    sourceCount: n,
    contentType: group.contentType,
    category: 'decision-trend',
    discoveredAt: group.newest,
    updatedAt: group.newest,
    enforcementRate: round2(share),
    uniqueReviewers: group.reviewers.size,
    topSourceRecordIds: group.top[side].map((i) => (ns.judgments[i] as JudgmentRecord).recordId),
  });
}

/**
 * The patterns patterns/get lists: derived per content type (key-wide and per organization) plus the seeded ones,
 * most recently updated first, at most 100. Costs the groups, not the judgments behind them.
 * @example decisionPatterns(ns)[0]?.description
 */
export function decisionPatterns(ns: Namespace): PatternRecord[] {
  const derived: PatternRecord[] = [];
  for (const group of groupsOf(ns.judgments).values()) {
    const pattern = patternOf(ns, group);
    if (pattern) derived.push(pattern);
  }
  const all = [...cloneState(readInsights(ns).patterns), ...derived];
  // Stable: seeded before derived, then groups in first-seen order, at equal times.
  all.sort((a, b) => b.updatedAt - a.updatedAt);
  return all.slice(0, 100);
}
