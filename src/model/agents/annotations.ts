/** Findings become suggestion comment annotations on the run's document (beyond-spec-4 4.1.0 J), through the comments model. */
import type { NewThread } from '../comments/inputs.js';
import { threadsOf } from '../comments/records.js';
import { deleteThreads, storeThread } from '../comments/threads.js';
import type { ModelContext } from '../state/context.js';
import type { Namespace } from '../state/entities.js';
import type { AgentExecutionRecord, AgentFinding, ExecutionPlan } from '../state/records/agents.js';
import { AGENT_USER_ID } from './catalogue.js';

/** What one URL's annotations are written from. */
export interface FindingAnnotations {
  record: AgentExecutionRecord;
  plan: ExecutionPlan;
  url: string;
  at: number;
  findings: AgentFinding[];
  postProcess: Record<string, { enabled?: boolean; strategy?: string } | undefined>;
}

/** The ids of the document's pending, non-terminal suggestions that this agent left for this URL. */
function previousSuggestions(ns: Namespace, record: AgentExecutionRecord, url: string): string[] {
  const { organizationId, documentId } = record.metadata;
  const org = ns.organizations.get(organizationId);
  const threads = org ? threadsOf(org, documentId) : undefined;
  if (!threads) return [];
  const out: string[] = [];
  for (const thread of threads.threads.values()) {
    const agent = thread['agent'] as { agentId?: unknown; url?: unknown } | undefined;
    const suggestion = thread['suggestion'] as { status?: unknown } | undefined;
    const status = thread['status'] as { type?: unknown } | undefined;
    if (
      agent?.agentId === record.agentId &&
      agent.url === url &&
      thread['type'] === 'suggestion' &&
      suggestion?.status === 'pending' &&
      status?.type !== 'terminal'
    ) {
      out.push(thread.annotationId);
    }
  }
  return out;
}

/** A push-style annotation id at `at` that no thread of the document uses. */
function annotationIdAt(ctx: ModelContext, ns: Namespace, record: AgentExecutionRecord, at: number): string {
  const org = ns.organizations.get(record.metadata.organizationId);
  const taken = org ? threadsOf(org, record.metadata.documentId)?.threads : undefined;
  let id = ctx.ids.pushId(at);
  while (taken?.has(id)) id = ctx.ids.pushId(at);
  return id;
}

/**
 * Replaces the agent's pending suggestions for a URL with one suggestion annotation per finding (unless the agent turned
 * annotations or the deletion off), and sets each finding's `commentId` to its annotation id.
 * @example writeFindingAnnotations(ctx, ns, { record, plan, url, at, findings, postProcess: {} });
 */
export function writeFindingAnnotations(ctx: ModelContext, ns: Namespace, input: FindingAnnotations): void {
  const { record, plan, url, at, findings, postProcess } = input;
  const annotations = postProcess['annotations'];
  if (annotations?.enabled === false || annotations?.strategy === 'none') return;
  const { organizationId, documentId } = record.metadata;
  if (postProcess['deletePreviousSuggestions']?.enabled !== false) {
    const stale = previousSuggestions(ns, record, url);
    if (stale.length > 0) deleteThreads(ctx, ns, { organizationId, documentId, filter: { annotationIds: stale } });
  }
  const pageLevelOnly = annotations?.strategy === 'page-level';
  const author = { userId: AGENT_USER_ID, name: record.agentName };
  for (const finding of findings) {
    const pageLevel = pageLevelOnly || finding.isPageLevel;
    const reason: Record<string, unknown> & { severity: string } = {
      title: finding.title,
      description: finding.description,
      severity: finding.severity,
      findingId: finding.id,
      findingType: pageLevel ? 'page' : 'text',
      issueType: finding.issueType,
      confidence: finding.confidence,
      suggestion: finding.suggestion,
      htmlSelector: finding.htmlSelector,
      source: finding.source,
    };
    if (finding.knowledgeSection !== undefined) reason['knowledgeSection'] = finding.knowledgeSection;
    const thread: NewThread = {
      annotationId: annotationIdAt(ctx, ns, record, at),
      type: 'suggestion',
      suggestion: { summary: finding.suggestion },
      createdAt: at,
      lastUpdated: at,
      ...(pageLevel ? {} : { targetElement: { targetText: finding.targetText, occurrence: finding.occurrence } }),
      visibility: plan.annotationVisibility === 'public' ? { type: 'public' } : { type: 'organizationPrivate', organizationId },
      pageInfo: { url: finding.sourceUrl, deviceInfo: { deviceType: record.config.deviceType } },
      comments: [
        {
          commentText: finding.description,
          from: author,
          createdAt: at,
          agent: {
            agentSource: 'service',
            agentId: record.agentId,
            executionId: record.id,
            agentName: record.agentName,
            url: finding.sourceUrl,
            reason,
            authored: true,
          },
        },
      ],
    };
    const stored = storeThread(ctx, ns, { organizationId, documentId, thread, author });
    finding.commentId = stored.annotationId;
  }
}
