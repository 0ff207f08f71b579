/**
 * The stored shapes of the approval workflow engine (beyond-spec-4 4.2): definitions with their versions,
 * executions with their steps and events, and the emulator's own per-key workflow settings and outbox.
 * Types only: plain data, so the state can be cloned, exported and compared.
 */

/** A node or group endpoint of an edge as authored: a bare node id or a tagged reference. */
export type EdgeEndpoint = string | { kind: 'node'; nodeId: string } | { kind: 'group'; groupId: string };

/** What fires an edge (4.2.0 A). */
export type EdgeRole = 'approve' | 'reject' | 'always' | 'exhausted' | 'custom';

/** An edge as authored; stored and echoed byte for byte. */
export interface EdgeInput {
  from: EdgeEndpoint;
  to: EdgeEndpoint;
  on?: EdgeRole | undefined;
  when?: string | undefined;
  loop?: { maxIterations: number } | undefined;
}

/** The four node types. */
export type WorkflowNodeType = 'agent' | 'human' | 'notification' | 'webhook';

/** A node as authored; `config` is kept as sent (strict per type). */
export interface NodeInput {
  nodeId: string;
  type: WorkflowNodeType;
  config?: Record<string, unknown> | undefined;
  slaMs?: number | undefined;
  requireNonEmptyOutput?: boolean | undefined;
  name?: string | undefined;
  description?: string | undefined;
}

/** What a parallel group does once its quorum is met. */
export type QuorumPolicy = 'waitAll' | 'cancelOnQuorum' | 'joinOnQuorum';

/** A parallel group as authored. */
export interface GroupInput {
  groupId: string;
  memberNodeIds: string[];
  expectedSteps: number;
  quorum: number;
  onQuorumMet?: QuorumPolicy | undefined;
  requiredNodeIds?: string[] | undefined;
}

/** A trigger as authored (schedule, inbound webhook or app trigger; exactly one of them). */
export interface TriggerInput {
  triggerId: string;
  schedule?: { cron: string; timezone: string; enabled?: boolean | undefined; payloadTemplate?: unknown } | undefined;
  inboundWebhook?: Record<string, unknown> | undefined;
  appTrigger?: Record<string, unknown> | undefined;
}

/** Where a definition applies. */
export interface DefinitionScope {
  level: 'apiKey' | 'organization' | 'document';
  organizationId: string | null;
  documentId: string | null;
}

/** The receiver of a run's events: a URL, the HMAC secret and an optional event-type filter. */
export interface ReceiverConfig {
  url: string;
  secret: string;
  eventTypes: string[] | null;
}

/** Everything a create or update body defines: the content of one version. */
export interface DefinitionContent {
  name: string;
  description: string | null;
  scope: DefinitionScope;
  nodes: NodeInput[];
  edges: EdgeInput[];
  groups: GroupInput[] | null;
  triggers: TriggerInput[] | null;
  /** Write-only: never returned. */
  webhookConfig: ReceiverConfig | null;
  tags: string[] | null;
  custom: Record<string, unknown> | null;
}

/** A JSON-AST predicate: an operator with arguments, a `{var}` reference, or a literal. */
export type Predicate = { op: string; args: unknown[] } | { var: string } | string | number | boolean | null | unknown[];

/** One compiled forward edge (group endpoints expanded per member). */
export interface CompiledEdge {
  from: string;
  to: string;
  role: EdgeRole;
  when: Predicate | null;
  fromGroupId?: string;
  toGroupId?: string;
}

/** One loop: a reject back-edge with its body and its exhausted route. */
export interface CompiledLoop {
  loopId: string;
  /** The node or group the back-edge leaves from (the iteration terminal). */
  from: { kind: 'node'; nodeId: string } | { kind: 'group'; groupId: string };
  entryNodeId: string;
  bodyNodeIds: string[];
  maxIterations: number;
  onExhausted: { routeToNodeId: string } | null;
}

/** The compiled graph returned as `compiled`, plus the roots the engine starts from. */
export interface CompiledGraph {
  forwardEdges: CompiledEdge[];
  loops: CompiledLoop[];
  /** Nodes with no incoming forward edge, minus exhausted-route targets, in declaration order (not returned). */
  roots: string[];
}

/** One version of a definition: its content and its compiled graph. */
export interface DefinitionVersion {
  version: number;
  content: DefinitionContent;
  compiled: CompiledGraph;
}

/** A stored definition: the current version, earlier versions (never readable), and its lifecycle. */
export interface WorkflowDefinitionRecord {
  definitionId: string;
  version: number;
  status: 'active' | 'tombstoned';
  current: DefinitionVersion;
  /** Earlier versions by number, kept for the executions pinned to them. */
  snapshots: Record<string, DefinitionVersion>;
  createdAt: number;
  updatedAt: number;
}

/** Execution statuses (4.2.0 G). */
export type ExecutionStatus = 'pending' | 'running' | 'completed' | 'failed' | 'cancelled';

/** Step statuses (4.2.0 G). */
export type StepStatus = 'pending' | 'running' | 'waiting' | 'completed' | 'failed' | 'skipped' | 'cancelled' | 'breached';

/** A `{code, message}` pair of a failed step or run. */
export interface WorkflowError {
  code: string;
  message: string;
}

/** One reviewer of a human step. */
export interface DeclaredReviewer {
  userId: string;
  mandatory: boolean;
}

/** One recorded reviewer decision. */
export interface ReviewerResponse {
  reviewerId: string;
  decision: 'approve' | 'reject';
  reason: string | null;
  mandatory: boolean;
  at: number;
}

/** The decision aggregator of a human step (4.2.0 I). */
export interface HumanAggregator {
  reviewers: DeclaredReviewer[];
  reviewerEmails: string[];
  commentBody: string | null;
  status: 'pending' | 'resolved' | 'rejected';
  responses: ReviewerResponse[];
}

/** What an agent step waits on. */
export interface AgentWait {
  agentId: string;
  agentExecutionId: string;
  resolvedUrl: string;
  pollIntervalMs: number;
  /** The instant the step gives up (`agent-timeout`). */
  giveUpAt: number;
}

/** What a webhook step keeps between attempts. */
export interface WebhookWait {
  /** Attempts made so far. */
  attempts: number;
  /** Async mode: the callback token that completes the step. */
  callbackToken: string | null;
}

/** One runtime instance of a node. */
export interface WorkflowStepRecord {
  stepId: string;
  nodeId: string;
  nodeType: WorkflowNodeType;
  status: StepStatus;
  groupId: string | null;
  startedAt: number | null;
  completedAt: number | null;
  output: Record<string, unknown>;
  error: WorkflowError | null;
  /** What the step was started with: the previous output, a group input or a loop context (never returned). */
  input: unknown;
  /** The loop pass this step belongs to (1 = first pass). */
  iteration: number;
  /** The SLA deadline, or `null`. */
  deadline: number | null;
  /** The loop whose pass this step belongs to, when it is inside a loop body. */
  loopId: string | null;
  aggregator?: HumanAggregator;
  agent?: AgentWait;
  webhook?: WebhookWait;
}

/** Per group and loop pass: the counters of 4.2.0 H. */
export interface GroupRun {
  groupId: string;
  iteration: number;
  completedTotal: number;
  totalApproved: number;
  quorumMet: boolean;
  /** The collective branch (waitAll) or the on-quorum successors fired. */
  fired: boolean;
  /** `parallel-group.completed` recorded. */
  completed: boolean;
  /** Quorum became impossible and was acted on. */
  impossible: boolean;
  /** Terminal member outputs by node id, in completion order. */
  outputs: Record<string, unknown>;
  /** The first member failure or breach no edge of its own routed: the run fails with it unless the group fires. */
  failure: WorkflowError | null;
}

/** One rejected pass of a loop (the entries of `previousAttempts`). */
export interface LoopAttempt {
  iteration: number;
  authorOutput: unknown;
  rejectedBy: string | null;
  rejectorMandatory: boolean;
  rejectionReason: string | null;
  rejectedAt: number;
}

/** Per loop: the current pass and the rejected ones. */
export interface LoopRun {
  iteration: number;
  attempts: LoopAttempt[];
}

/** One stored event of a run; internal ones consume a `seq` and are never returned. */
export interface WorkflowEventRecord {
  eventId: string;
  seq: number;
  type: string;
  stepId: string | null;
  timestamp: number;
  data?: unknown;
}

/** What dispatch stored beside the run and never returns. */
export interface ExecutionInput {
  triggerContext: Record<string, unknown>;
  organizationId: string | null;
  documentId: string | null;
  folderId: string | null;
}

/** One run of a definition, pinned to a version. */
export interface WorkflowExecutionRecord {
  executionId: string;
  status: ExecutionStatus;
  startedAt: number;
  completedAt: number | null;
  cancelledAt: number | null;
  definitionId: string;
  definitionVersion: number;
  correlationId: string;
  idempotencyKey: string;
  failureReason: WorkflowError | null;
  input: ExecutionInput;
  /** Where the run's events are delivered, or `null`. */
  receiver: ReceiverConfig | null;
  /** The first failure no edge recovered from; the run fails with it once nothing is left to do. */
  unrecovered: WorkflowError | null;
  /** Steps in creation order. */
  steps: Map<string, WorkflowStepRecord>;
  events: WorkflowEventRecord[];
  /** Group counters by `<groupId>#<iteration>`. */
  groups: Record<string, GroupRun>;
  /** Loop state by `loopId`. */
  loops: Record<string, LoopRun>;
}

/** What the clock will do for a run: pick a step up, breach it, poll its agent run, retry its webhook, or fire a schedule. */
export type TimerKind = 'pickup' | 'sla' | 'poll' | 'retry' | 'schedule';

/** One due instant; `seq` orders timers due at the same instant by creation. */
export interface WorkflowTimer {
  at: number;
  seq: number;
  kind: TimerKind;
  /** Step timers: the run and the step. */
  executionId?: string;
  stepId?: string;
  /** Webhook retries: the attempt the timer starts; agent polls: unused. */
  attempt?: number;
  /** Schedules: the definition, its version when armed, and the trigger. */
  definitionId?: string;
  version?: number;
  triggerId?: string;
}

/** A scripted answer of a webhook node's URL. */
export interface ScriptedResponse {
  status: number;
  headers: Record<string, string>;
  json?: unknown;
  text?: string;
}

/** How agent steps progress: polled on the clock, finished in the dispatching request, or only by an override. */
export type AgentStepProgression = 'clock' | 'immediate' | 'manual';

/** The per-key workflow settings of the control plane. */
export interface WorkflowConfig {
  agentSteps: AgentStepProgression;
  /** Attempts of a sync webhook node answering 5xx before it fails. */
  webhookRetries: number;
  /** How long a scheduled step stays `pending` before the engine takes it (0: in the same request). */
  pickupDelayMs: number;
  /** Hosts that webhook URLs may name over http or on loopback addresses (local receivers). */
  localTargets: string[];
  /** Where async webhook nodes are told to call back. */
  callbackBaseUrl: string;
  /** The answer of webhook URLs with no scripted response. */
  defaultResponse: ScriptedResponse;
  /** `false`: definitions with app triggers are refused (the workspace's platform does not support them). */
  appTriggersSupported: boolean;
  /** App-trigger installation refs that are not connected (every other ref is). */
  disconnectedInstallations: string[];
}

/** One request a notification or webhook node made, as `GET /__mock/workflow/outbox` lists it. */
export interface WorkflowOutboxEntry {
  seq: number;
  kind: 'notification' | 'webhook';
  executionId: string;
  stepId: string;
  nodeId: string;
  at: number;
  /** Notifications: the channel message. */
  message?: Record<string, unknown>;
  /** Webhooks: the request as sent. */
  request?: { method: 'GET' | 'POST'; url: string; headers: Record<string, string>; body: string | null };
  /** Webhooks: the scripted answer it got. */
  response?: { status: number; headers: Record<string, string>; body: string | null };
}

/** Where a trigger event was already turned into a run (24 h idempotency). */
export interface TriggerKey {
  executionId: string;
  expiresAt: number;
}

/** Everything the workflow engine keeps under one API key. */
export interface WorkflowState {
  config: WorkflowConfig;
  definitions: Map<string, WorkflowDefinitionRecord>;
  executions: Map<string, WorkflowExecutionRecord>;
  /** Execution ids by `(startedAt, executionId)` ascending: list pages read from the end. */
  executionOrder: string[];
  /** Per definition, its execution ids in the same order. */
  executionsByDefinition: Map<string, string[]>;
  /** Dispatch idempotency keys -> execution id. */
  idempotencyKeys: Map<string, string>;
  triggerKeys: Map<string, TriggerKey>;
  /** Scripted webhook answers by URL; the last one repeats. */
  webhookResponses: Map<string, ScriptedResponse[]>;
  /** How many requests each scripted URL answered. */
  webhookAnswered: Record<string, number>;
  outbox: WorkflowOutboxEntry[];
  /** Due instants, latest first (the next one is the last element). */
  timers: WorkflowTimer[];
  timerSeq: number;
  /** Whether some definition of the key named an agent other than `__mock__` (its passes then need the agents engine). */
  agentNodes?: boolean;
  /** Async webhook callback tokens -> their step (kept after the step ends, so a late callback is told so). */
  callbacks: Map<string, { executionId: string; stepId: string }>;
}
