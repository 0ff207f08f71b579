import { z } from 'zod';
import { TIE_SAFE_CURSOR } from '../../model/workflow/cursors.js';
import { absentOrValid as opt } from '../../protocol/validate.js';

/**
 * Stage 1 of the definition validation (beyond-spec-4 4.2.0 A, B): the schema of every body of the workflow engine.
 * Strict at every level; `null` is refused for every optional field. The rule-based checks, the edge contract and the
 * linter (stages 2 to 4) run in the model on what this lets through.
 */

const text = (min: number, max: number) => z.string().min(min).max(max);
const int = (min: number, max: number) => z.int().min(min).max(max);
const free = z.record(z.string(), z.unknown());

/** `^[a-z0-9][a-z0-9-]{2,63}$`. */
export const definitionId = z.string().regex(/^[a-z0-9][a-z0-9-]{2,63}$/, {
  error: 'definitionId must match ^[a-z0-9][a-z0-9-]{2,63}$ (lowercase letters, digits and hyphens, 3 to 64 characters).',
});

const agentConfig = z.strictObject({
  agentId: text(1, 256),
  url: opt(text(1, 2000)),
  urlPath: opt(text(1, 500)),
  crossPageExecute: opt(z.boolean()),
  maxUrlsToProcess: opt(int(1, 500)),
  userContextMapping: opt(z.record(z.string(), z.string())),
  promptOverride: opt(z.string().max(8000)),
  inputMapping: opt(free),
  pollIntervalMs: opt(int(5000, 60_000)),
  agentMaxRuntimeMs: opt(int(1, 86_400_000)),
  blocking: opt(z.boolean()),
  resolutionPolicy: opt(z.enum(['allResolved', 'minResolved'])),
});

const humanConfig = z.strictObject({
  reviewers: opt(z.array(z.strictObject({ userId: text(1, 256), mandatory: z.boolean() })).max(100)),
  reviewerIds: opt(z.array(text(1, 256)).max(100)),
  reviewerEmails: opt(z.array(z.email()).max(50)),
  commentBody: opt(z.string().max(8000)),
});

const notificationConfig = z.strictObject({
  channel: z.enum(['email', 'slack']),
  bodyTemplate: text(1, 16_000),
  recipients: opt(z.array(text(1, 320)).max(50)),
  subjectTemplate: opt(z.string().max(2000)),
  slackTarget: opt(text(1, 2000)),
  format: opt(z.enum(['text', 'html', 'slack-blocks'])),
});

const webhookConfig = z.strictObject({
  url: text(1, 2000),
  mode: opt(z.enum(['sync', 'async'])),
  method: opt(z.enum(['GET', 'POST'])),
  authMode: opt(z.enum(['hmac', 'token', 'none'])),
  authTokenHeader: opt(text(1, 256)),
  timeoutMs: opt(int(1000, 60_000)),
  expectedStatusCodes: opt(z.array(int(100, 599)).max(20)),
  bodyTemplate: opt(z.enum(['envelope', 'pass-through', 'none'])),
  requestHeaders: opt(z.record(z.string(), z.string())),
});

const nodeFields = {
  nodeId: text(1, 64),
  slaMs: opt(int(1, 604_800_000)),
  requireNonEmptyOutput: opt(z.boolean()),
  name: opt(text(1, 200)),
  description: opt(z.string().max(2000)),
};

/** A node: its `config` is strict per `type`. */
const node = z.discriminatedUnion('type', [
  z.strictObject({ ...nodeFields, type: z.literal('agent'), config: opt(agentConfig) }),
  z.strictObject({ ...nodeFields, type: z.literal('human'), config: opt(humanConfig) }),
  z.strictObject({ ...nodeFields, type: z.literal('notification'), config: opt(notificationConfig) }),
  z.strictObject({ ...nodeFields, type: z.literal('webhook'), config: opt(webhookConfig) }),
]);

const endpoint = z.union([
  text(1, 64),
  z.discriminatedUnion('kind', [
    z.strictObject({ kind: z.literal('node'), nodeId: text(1, 64) }),
    z.strictObject({ kind: z.literal('group'), groupId: text(1, 64) }),
  ]),
]);

const edge = z.strictObject({
  from: endpoint,
  to: endpoint,
  on: opt(z.enum(['approve', 'reject', 'always', 'exhausted', 'custom'])),
  when: opt(z.string().max(1000)),
  loop: opt(z.strictObject({ maxIterations: int(1, 20) })),
});

/** Group sizes and quorums are checked by the linter, which names them (`group-quorum-invalid`, ...). */
const group = z.strictObject({
  groupId: text(1, 64),
  memberNodeIds: z.array(text(1, 64)).max(500),
  expectedSteps: z.int(),
  quorum: z.int(),
  onQuorumMet: opt(z.enum(['waitAll', 'cancelOnQuorum', 'joinOnQuorum'])),
  requiredNodeIds: opt(z.array(text(1, 64)).max(500)),
});

const inboundWebhook = z.strictObject({
  authMode: opt(z.enum(['hmac', 'bearer'])),
  secret: text(16, 512),
  provider: opt(z.enum(['service', 'github', 'vercel', 'custom'])),
  signatureHeader: opt(text(1, 256)),
  signatureAlgorithm: opt(z.enum(['sha1', 'sha256'])),
  signaturePrefix: opt(z.string().max(64)),
  allowedEvents: opt(z.array(text(1, 256)).min(1).max(50)),
  eventNameHeader: opt(text(1, 256)),
  idempotencyHeader: opt(text(1, 256)),
  idempotencyBodyPath: opt(text(1, 500)),
  payloadMapping: opt(z.enum(['pass-through', 'wrap'])),
});

const appTrigger = z.strictObject({
  provider: z.enum(['github', 'vercel']),
  installationRef: text(1, 256),
  repoFilter: opt(z.string().max(200)),
  projectFilter: opt(z.string().max(200)),
  allowedEvents: z.array(text(1, 256)).min(1).max(50),
  payloadFilters: opt(z.array(z.strictObject({ path: text(1, 500), in: z.array(z.unknown()).min(1).max(100) })).max(20)),
});

const trigger = z.strictObject({
  triggerId: text(1, 64),
  schedule: opt(z.strictObject({ cron: text(1, 200), timezone: text(1, 100), enabled: opt(z.boolean()), payloadTemplate: opt(z.unknown()) })),
  inboundWebhook: opt(inboundWebhook),
  appTrigger: opt(appTrigger),
});

/** The fields of a definition body, shared by create and update. */
export const definitionFields = {
  definitionId,
  name: text(1, 200),
  description: opt(z.string().max(2000)),
  scope: opt(z.strictObject({ level: z.enum(['apiKey', 'organization', 'document']), organizationId: opt(text(1, 256)), documentId: opt(text(1, 256)) })),
  organizationId: opt(text(1, 256)),
  documentId: opt(text(1, 256)),
  nodes: z.array(node).min(1).max(100),
  edges: z.array(edge).max(500),
  groups: opt(z.array(group).max(100)),
  triggers: opt(z.array(trigger).max(50)),
  webhookConfig: opt(z.strictObject({ url: text(1, 2000), secret: text(16, 512), eventTypes: opt(z.array(text(1, 100)).max(50)) })),
  tags: opt(z.array(z.string().max(64)).max(20)),
  custom: opt(free),
};

/** `definitions/create`. */
export const createDefinitionInput = z.strictObject(definitionFields);

/** `definitions/update`: every create field plus `ifVersion`. */
export const updateDefinitionInput = z.strictObject({ ...definitionFields, ifVersion: z.int().min(1) });

/** A validated definition body. */
export type DefinitionBody = z.output<typeof createDefinitionInput>;

/** Ids that reads accept and ignore. */
const ignoredIds = { organizationId: opt(z.string()), documentId: opt(z.string()) };

/** `definitions/get`. */
export const getDefinitionInput = z.strictObject({ definitionId: text(1, 64), ...ignoredIds });

const WHOLE_CURSOR = 'cursor must be a whole number of at least 0.';

/** `definitions/list`: numeric cursor = the last item's `updatedAt`. */
export const listDefinitionsInput = z.strictObject({
  pageSize: opt(int(1, 500)),
  // A number, or the `<updatedAt>:<definitionId>` of a key with tie-safe cursors (the model refuses it otherwise).
  cursor: opt(
    z.union([z.int({ error: WHOLE_CURSOR }).min(0, { error: WHOLE_CURSOR }), z.string().regex(TIE_SAFE_CURSOR, { error: 'cursor must be a number.' })], {
      error: (issue) => (typeof issue.input === 'number' ? WHOLE_CURSOR : 'cursor must be a number.'),
    }),
  ),
  ...ignoredIds,
});

/** `definitions/delete`. */
export const deleteDefinitionInput = z.strictObject({ definitionId: text(1, 64), purge: opt(z.boolean()), ...ignoredIds });

/** An idempotency or correlation key: `^[A-Za-z0-9:_\-.]{1,200}$`. */
const dispatchKey = (field: string) => z.string().regex(/^[A-Za-z0-9:_\-.]{1,200}$/, { error: `${field} must match ^[A-Za-z0-9:_\\-.]{1,200}$.` });

/** `executions/dispatch`. */
export const dispatchInput = z.strictObject({
  definitionId: text(1, 64),
  idempotencyKey: opt(dispatchKey('idempotencyKey')),
  correlationId: opt(dispatchKey('correlationId')),
  triggerContext: opt(free),
  organizationId: opt(text(1, 256)),
  documentId: opt(text(1, 256)),
  folderId: opt(text(1, 256)),
  webhookUrl: opt(text(1, 2000)),
  webhookSecret: opt(text(16, 512)),
});

/** A validated dispatch body. */
export type DispatchBody = z.output<typeof dispatchInput>;

/** `executions/get`. */
export const getExecutionInput = z.strictObject({ executionId: text(1, 200) });

/** `executions/list`: string cursor = the last item's `startedAt` in decimal. */
export const listExecutionsInput = z.strictObject({
  definitionId: opt(text(1, 64)),
  status: opt(z.enum(['pending', 'running', 'completed', 'failed', 'cancelled'])),
  pageSize: opt(int(1, 500)),
  // Decimal milliseconds, or the `<startedAt>:<executionId>` of a key with tie-safe cursors (the model refuses it otherwise).
  cursor: opt(
    z.string().refine((cursor) => /^\d{1,16}$/.test(cursor) || TIE_SAFE_CURSOR.test(cursor), {
      error: 'cursor must be the nextCursor of the previous page (a decimal number of milliseconds).',
    }),
  ),
});

/** `executions/getEvents`. */
export const getEventsInput = z.strictObject({ executionId: text(1, 200), sinceSeq: opt(z.int().min(0)), pageSize: opt(int(1, 500)) });

/** `executions/cancel`. */
export const cancelExecutionInput = z.strictObject({ executionId: text(1, 200), reason: opt(z.string().max(500)) });

/** `steps/recordReviewerDecision`. */
export const reviewerDecisionInput = z.strictObject({
  executionId: text(1, 200),
  stepId: text(1, 1000),
  reviewerId: text(1, 256),
  decision: z.enum(['approve', 'reject']),
  reason: opt(z.string().max(2000)),
});

/** The six override actions of `steps/resolve`. */
export const RESOLVE_ACTIONS = ['force-approve', 'force-reject', 'force-complete', 'force-fail', 'reviewer-approve', 'reviewer-reject'] as const;

/** `steps/resolve`. */
export const resolveStepInput = z.strictObject({
  executionId: text(1, 200),
  stepId: text(1, 1000),
  action: z.enum(RESOLVE_ACTIONS),
  actorId: text(1, 256),
  output: opt(free),
  reason: opt(z.string().max(2000)),
});

/** `steps/cancel`. */
export const cancelStepInput = z.strictObject({ executionId: text(1, 200), stepId: text(1, 1000), actorId: text(1, 256), reason: opt(z.string().max(500)) });

/** `steps/recordAgentResolution`. */
export const agentResolutionInput = z.strictObject({
  executionId: text(1, 200),
  stepId: text(1, 200),
  responseId: text(1, 200),
  resolution: z.enum(['resolved', 'rejected']),
  actorId: text(1, 256),
  reason: opt(z.string().max(2000)),
});
