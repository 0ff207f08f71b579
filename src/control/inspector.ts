import { agentsOf } from '../model/agents/state.js';
import type { Namespace } from '../model/state/entities.js';
import { type ControlHandler, namespaceFor } from './context.js';
import { workflowOverview } from './inspector-workflow.js';

/** How many rows of each list the overview shows; the counts are always whole. */
const ROWS = 100;

const take = <T>(items: Iterable<T>, limit = ROWS): T[] => {
  const out: T[] = [];
  for (const item of items) {
    if (out.length >= limit) break;
    out.push(item);
  }
  return out;
};

/** A JSON view cut to a readable length (a shared editor may hold a whole book). */
function preview(value: unknown, max = 2000): string {
  const text = JSON.stringify(value) ?? '';
  return text.length > max ? `${text.slice(0, max)}… (${text.length} characters)` : text;
}

function overviewOf(ns: Namespace): Record<string, unknown> {
  const orgs = [...ns.organizations.values()];
  const organizations = take(orgs).map((o) => ({
    organizationId: o.organizationId,
    disabled: o.disabled,
    users: o.users.size,
    documents: o.documents.size,
    groups: o.groups.size,
    notifications: o.notifications.size,
    commentThreads: [...o.comments.values()].reduce((n, d) => n + d.threads.size, 0),
  }));
  const documents = take(
    orgs.flatMap((o) =>
      take(o.documents.values()).map((d) => ({
        organizationId: o.organizationId,
        documentId: d.documentId,
        documentName: d.documentName ?? null,
        users: d.users.size,
        disabled: d.disabled ?? false,
      })),
    ),
  );
  const users = take(
    orgs.flatMap((o) =>
      take(o.users.values()).map((u) => ({ organizationId: o.organizationId, userId: u.userId, name: u.name ?? null, email: u.email ?? null })),
    ),
  );
  const notifications = take(
    orgs.flatMap((o) =>
      take(o.notifications.values()).map((n) => ({
        organizationId: o.organizationId,
        documentId: n.documentId,
        id: n.id,
        recipients: n.recipients.length,
        headline: preview(n.record['displayHeadlineMessageTemplate'] ?? n.record['displayBodyMessage'] ?? null, 80),
      })),
    ),
  );
  const comments: Record<string, unknown>[] = [];
  for (const o of orgs) {
    for (const [documentId, doc] of o.comments) {
      for (const thread of doc.threads.values()) {
        if (comments.length >= ROWS) break;
        const first = thread.comments[0]?.['commentText'];
        comments.push({
          organizationId: o.organizationId,
          documentId,
          annotationId: thread.annotationId,
          comments: thread.comments.length,
          first: preview(first ?? null, 80),
        });
      }
    }
  }
  const editors: Record<string, unknown>[] = [];
  for (const [organizationId, docs] of ns.editors) {
    for (const [documentId, byEditor] of docs) {
      for (const entry of byEditor.values()) {
        if (editors.length < ROWS && entry.stored)
          editors.push({
            organizationId,
            documentId,
            editorId: entry.editorId,
            contentKey: entry.contentKey,
            lastUpdate: entry.lastUpdate,
            content: preview(entry.data),
          });
      }
    }
  }
  return {
    counts: {
      webhookDeliveries: ns.webhookOutbox?.deliveries.length ?? 0,
      organizations: ns.organizations.size,
      documents: orgs.reduce((n, o) => n + o.documents.size, 0),
      users: orgs.reduce((n, o) => n + o.users.size, 0),
      knowledgeSources: ns.knowledge?.sources.size ?? 0,
      alerts: ns.insights?.alerts.size ?? 0,
    },
    organizations,
    documents,
    users,
    notifications,
    comments,
    editors,
    ...agentsOverview(ns),
    webhookEndpoints: take(ns.advancedWebhookEndpoints).map((e) => ({ id: e.id, url: e.url, disabled: e.disabled, filterTypes: e.filterTypes })),
    webhookDeliveries: newestDeliveries(ns),
    knowledgeSources: take(ns.knowledge?.sources.values() ?? []).map((k) => ({
      id: k.id,
      fileName: k.fileName,
      embeddingStatus: k.dedupOf === undefined ? k.embeddingStatus : `duplicate of ${k.dedupOf}`,
      rules: k.rules.length,
      chunks: k.chunks.length,
      version: k.version,
    })),
    alerts: take(ns.insights?.alerts.values() ?? []).map((a) => ({ id: a.id, alertType: a.alertType, severity: a.severity, status: a.status, title: a.title })),
    ...workflowOverview(ns),
  };
}

const iso = (ms: number | null): string | null => (ms === null ? null : new Date(ms).toISOString());

/** The newest deliveries of a key, newest first, each with every attempt it made (read from the outbox, nothing signed). */
function newestDeliveries(ns: Namespace): Record<string, unknown>[] {
  const all = ns.webhookOutbox?.deliveries ?? [];
  const out: Record<string, unknown>[] = [];
  for (let i = all.length - 1; i >= 0 && out.length < ROWS; i--) {
    const d = all[i];
    if (!d) continue;
    out.push({
      messageId: d.messageId,
      event: d.event,
      url: d.url,
      status: d.status,
      createdAt: iso(d.createdAt),
      nextAttemptAt: iso(d.nextAttemptAt),
      attempts: d.attempts.map((a) => ({ at: iso(a.at), statusCode: a.statusCode, error: a.error })),
    });
  }
  return out;
}

/** The key's custom agents and its newest executions (the counts are whole). */
function agentsOverview(ns: Namespace): Record<string, unknown> {
  const state = agentsOf(ns);
  const agents = take(state.custom.values()).map((a) => ({
    id: a.id,
    name: a.name,
    version: a.version,
    enabled: a.enabled,
    executionCount: state.stats.get(a.id)?.executionCount ?? 0,
  }));
  // The newest rows of each agent's ordered list, merged: the cost is agents × rows, not every execution.
  const tails = [...state.byAgent.values()].flatMap((ids) => ids.slice(-ROWS));
  const newest = tails
    .map((id) => state.executions.get(id))
    .filter((e) => e !== undefined)
    .sort((a, b) => b.startedAt - a.startedAt || (a.id < b.id ? 1 : -1))
    .slice(0, ROWS)
    .map((e) => ({ id: e.id, status: e.status, documentId: e.metadata.documentId, findings: e.resultsSummary.totalFindings, startedAt: e.startedAt }));
  return { agents, agentExecutions: newest, agentCounts: { customAgents: state.custom.size, groups: state.groups.size, executions: state.executions.size } };
}

/**
 * `GET /__mock/overview?apiKey=`: what the inspector shows of one key's state (default: the seeded key), the first
 * rows of each list with whole counts.
 */
export const overview: ControlHandler = (deps, { query }) => {
  const ns = namespaceFor(deps, query.get('apiKey'));
  const now = deps.model.clock.now();
  return {
    apiKey: ns.apiKey,
    clock: { now, iso: new Date(now).toISOString(), kind: deps.model.clock.kind },
    credentials: deps.credentials(),
    headers: { ...deps.settings.authHeaders },
    ...overviewOf(ns),
  };
};
