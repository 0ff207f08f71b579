import type { Tables } from './store.js';
import { loadedYjs } from './yjs.js';

/**
 * The state format, checked before an imported state replaces anything: every table, record and field the
 * service reads, with its type. The first mismatch is reported with its path, e.g.
 * `tables.namespaces["key"].organizations["org"].users must be a Map.`
 */

/** A check of one value at a path: undefined when it fits, else what is wrong. */
type Check = (value: unknown, path: string) => string | undefined;

const isPlain = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value) && !(value instanceof Map) && !(value instanceof Set) && !(value instanceof Uint8Array);

const kind =
  (test: (value: unknown) => boolean, what: string): Check =>
  (value, path) =>
    test(value) ? undefined : `${path} must be ${what}.`;

const str = kind((v) => typeof v === 'string', 'a string');
const num = kind((v) => typeof v === 'number' && Number.isFinite(v), 'a finite number');
const bool = kind((v) => typeof v === 'boolean', 'a boolean');
const plain = kind(isPlain, 'an object');
const any: Check = () => undefined;
const ydoc = kind((v) => {
  const Y = loadedYjs();
  return Y !== undefined && v instanceof Y.Doc;
}, 'a Yjs document');

const optional =
  (check: Check): Check =>
  (value, path) =>
    value === undefined ? undefined : check(value, path);
const nullable =
  (check: Check): Check =>
  (value, path) =>
    value === null ? undefined : check(value, path);
const either =
  (a: Check, b: Check, what: string): Check =>
  (value, path) =>
    a(value, path) === undefined || b(value, path) === undefined ? undefined : `${path} must be ${what}.`;

function arrayOf(item: Check): Check {
  return (value, path) => {
    if (!Array.isArray(value)) return `${path} must be an array.`;
    for (let i = 0; i < value.length; i++) {
      const bad = item(value[i], `${path}[${i}]`);
      if (bad) return bad;
    }
    return undefined;
  };
}

function setOf(item: Check): Check {
  return (value, path) => {
    if (!(value instanceof Set)) return `${path} must be a Set ({"$set": [...]}).`;
    for (const member of value) {
      const bad = item(member, `${path}{${JSON.stringify(member)}}`);
      if (bad) return bad;
    }
    return undefined;
  };
}

function mapOf(item: Check, idField?: string): Check {
  return (value, path) => {
    if (!(value instanceof Map)) return `${path} must be a Map ({"$map": [[key, value], ...]}).`;
    for (const [key, inner] of value) {
      const at = `${path}[${JSON.stringify(key)}]`;
      if (typeof key !== 'string') return `${at}: keys must be strings.`;
      const bad = item(inner, at);
      if (bad) return bad;
      if (idField !== undefined && (inner as Record<string, unknown>)[idField] !== key) return `${at}.${idField} must equal its key ${JSON.stringify(key)}.`;
    }
    return undefined;
  };
}

function shape(fields: Record<string, Check>): Check {
  return (value, path) => {
    if (!isPlain(value)) return `${path} must be an object.`;
    for (const [field, check] of Object.entries(fields)) {
      const bad = check(Object.hasOwn(value, field) ? value[field] : undefined, `${path}.${field}`);
      if (bad) return bad;
    }
    return undefined;
  };
}

const oneOf =
  (values: readonly string[]): Check =>
  (value, path) =>
    typeof value === 'string' && values.includes(value) ? undefined : `${path} must be one of ${values.join(', ')}.`;
const bytes = kind((v) => v instanceof Uint8Array, 'bytes ({"$bytes": "base64"})');

const user = shape({ userId: str, name: optional(str), email: optional(str), initial: optional(str) });
const users = mapOf(user, 'userId');

const organization = shape({
  organizationId: str,
  id: str,
  disabled: bool,
  createdAt: num,
  users,
  folders: mapOf(shape({ folderId: str, users, createdAt: num }), 'folderId'),
  documents: mapOf(shape({ documentId: str, id: str, extra: plain, users, createdAt: num, folderId: optional(str) }), 'documentId'),
  groups: mapOf(shape({ groupId: str, groupName: str, members: setOf(str) }), 'groupId'),
  notifications: mapOf(
    shape({
      id: str,
      organizationId: str,
      documentId: str,
      timestamp: num,
      recipients: arrayOf(shape({ userId: optional(str), emailHash: optional(str) })),
      record: plain,
      locationId: optional(either(str, num, 'a string or a number')),
    }),
    'id',
  ),
  notificationConfigs: mapOf(shape({ userId: str, documentId: optional(str), config: plain })),
  activities: mapOf(shape({ id: str, timestamp: num, immutable: bool }), 'id'),
  comments: mapOf(shape({ next: num, threads: mapOf(plain) })),
  reactions: arrayOf(plain),
  recordings: arrayOf(plain),
});

const editor = shape({
  editorId: str,
  doc: ydoc,
  stored: bool,
  types: plain,
  contentKey: nullable(str),
  data: any,
  lastUpdate: str,
  lastUpdatedBy: nullable(str),
  sessionId: nullable(str),
});

const knowledge = shape({
  config: shape({ progression: oneOf(['poll', 'immediate', 'clock', 'manual']), ingestMs: num, failNext: nullable(str), rateLimits: plain }),
  sources: mapOf(
    shape({
      id: str,
      sourceType: str,
      fileName: str,
      mimeType: str,
      uploadedAt: num,
      sha256: str,
      embeddingStatus: oneOf(['processing', 'completed', 'failed']),
      failureReason: optional(str),
      dedupOf: optional(str),
      version: num,
      usedRawFallback: bool,
      isRuleBased: bool,
      startedAt: num,
      updatedAt: num,
      dueAt: optional(num),
      failing: optional(str),
      original: optional(bytes),
      markdown: str,
      rules: arrayOf(shape({ id: str, content: str, category: nullable(str), index: num })),
      chunks: arrayOf(str),
    }),
    'id',
  ),
  slots: mapOf(shape({ token: str, fileRef: str, mimeType: str, fileSize: num, expiresAt: num, ingested: bool, bytes: optional(bytes) }), 'token'),
  conversions: mapOf(str),
  pending: arrayOf(str),
  calls: shape({ ingest: arrayOf(num), ingestStatus: arrayOf(num), uploadUrl: arrayOf(num), search: arrayOf(num), delete: arrayOf(num) }),
  changedAt: nullable(num),
});

const insights = shape({
  alerts: mapOf(
    shape({
      id: str,
      apiKey: str,
      alertType: str,
      severity: oneOf(['high', 'medium', 'low']),
      title: str,
      description: str,
      evidence: plain,
      actionUrl: nullable(str),
      status: oneOf(['active', 'dismissed', 'actioned']),
      createdAt: num,
      dismissedAt: nullable(num),
      dismissedBy: nullable(str),
      actionedAt: nullable(num),
    }),
    'id',
  ),
  alertConfig: plain,
  derivedAlerts: bool,
  patterns: arrayOf(
    shape({
      scope: oneOf(['apiKey', 'org']),
      description: str,
      confidence: num,
      sourceCount: num,
      contentType: str,
      category: str,
      discoveredAt: num,
      updatedAt: num,
    }),
  ),
  profiles: mapOf(plain),
  answers: mapOf(shape({ answer: str, citations: arrayOf(shape({ recordId: str, snippet: str })), confidence: num })),
});

const rewriter = shape({
  responses: arrayOf(shape({ text: str, model: optional(str), prompt: optional(str), textContains: optional(str) })),
  builtInKeys: bool,
});

const workflowStep = shape({ stepId: str, nodeId: str, nodeType: str, status: str, output: plain, iteration: num });
const workflow = shape({
  config: shape({ agentSteps: str, webhookRetries: num, pickupDelayMs: num, localTargets: arrayOf(str), callbackBaseUrl: str, defaultResponse: plain }),
  definitions: mapOf(shape({ definitionId: str, version: num, status: str, current: plain, snapshots: plain, createdAt: num, updatedAt: num }), 'definitionId'),
  executions: mapOf(
    shape({
      executionId: str,
      status: str,
      startedAt: num,
      definitionId: str,
      definitionVersion: num,
      correlationId: str,
      idempotencyKey: str,
      input: plain,
      steps: mapOf(workflowStep, 'stepId'),
      events: arrayOf(shape({ eventId: str, seq: num, type: str, timestamp: num })),
      groups: plain,
      loops: plain,
    }),
    'executionId',
  ),
  executionOrder: arrayOf(str),
  executionsByDefinition: mapOf(arrayOf(str)),
  idempotencyKeys: mapOf(str),
  triggerKeys: mapOf(shape({ executionId: str, expiresAt: num })),
  webhookResponses: mapOf(arrayOf(shape({ status: num, headers: plain }))),
  webhookAnswered: mapOf(num),
  outbox: arrayOf(shape({ seq: num, kind: str, executionId: str, stepId: str, at: num })),
  timers: arrayOf(shape({ at: num, seq: num, kind: str })),
  timerSeq: num,
  callbacks: mapOf(shape({ executionId: str, stepId: str })),
});

const namespace = shape({
  apiKey: str,
  organizations: mapOf(organization, 'organizationId'),
  configs: plain,
  advancedWebhookEndpoints: arrayOf(shape({ id: str, url: str, secret: str, disabled: bool, createdAt: str, updatedAt: str })),
  migrations: mapOf(
    shape({ migrationId: str, organizationId: str, documentId: str, newDocumentId: str, status: str, createdAt: num, changedAt: num }),
    'migrationId',
  ),
  judgments: arrayOf(
    shape({
      recordId: str,
      content: str,
      reasoning: str,
      decision: str,
      confidence: num,
      judgeType: str,
      contentType: str,
      actionUser: shape({ userId: str }),
      createdAt: num,
      annotationId: optional(str),
      flags: optional(arrayOf(str)),
    }),
  ),
  editors: mapOf(mapOf(mapOf(editor, 'editorId'))),
  knowledge: optional(knowledge),
  insights: optional(insights),
  rewriter: optional(rewriter),
  workflow: optional(workflow),
});

const tables = shape({
  workspaces: mapOf(
    shape({
      id: str,
      name: str,
      owner: shape({ email: str, id: str, name: str, avatar: str }),
      authToken: str,
      apiKeys: arrayOf(str),
      plan: shape({ paid: bool, selfServeProduction: bool, maxProductionKeys: num, advancedWebhooksAvailable: bool }),
      recentReads: arrayOf(num),
      createdAt: num,
    }),
    'id',
  ),
  apiKeys: mapOf(
    shape({
      apiKey: str,
      workspaceId: str,
      apiKeyName: str,
      type: str,
      ownerEmail: str,
      authTokens: arrayOf(shape({ token: str, name: str, domains: arrayOf(str) })),
      signingSecret: str,
      allowedDomains: arrayOf(str),
      settings: plain,
      createdAt: num,
    }),
    'apiKey',
  ),
  namespaces: mapOf(namespace, 'apiKey'),
});

/**
 * What is wrong with decoded tables, as a sentence naming the first bad path, or undefined when they fit the
 * state format. @example stateShapeProblem(decoded.tables) // 'tables.workspaces must be a Map ({"$map": ...}).'
 */
export function stateShapeProblem(value: unknown): string | undefined {
  const bad = tables(value, 'tables');
  if (bad) return bad;
  const t = value as Tables;
  for (const [apiKey, key] of t.apiKeys) {
    if (!t.workspaces.has(key.workspaceId)) return `tables.apiKeys[${JSON.stringify(apiKey)}].workspaceId names no workspace of tables.workspaces.`;
    if (!t.namespaces.has(apiKey)) return `tables.apiKeys[${JSON.stringify(apiKey)}] has no namespace in tables.namespaces.`;
  }
  return undefined;
}
