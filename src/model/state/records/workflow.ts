/**
 * The stored shapes of the approval workflow engine (beyond-spec-4 4.2): runs with their steps, counters and events,
 * and the emulator's own per-key workflow settings, timers and outbox; definitions are in `workflow-definitions.ts`.
 * Types only: plain data, so the state can be cloned, exported and compared.
 */

import type { ReceiverConfig, WorkflowDefinitionRecord, WorkflowNodeType } from './workflow-definitions.js';

export type * from './workflow-definitions.js';

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
  /**
   * `true`: list cursors are `<instant>:<id>` and the next page starts right after the last item, so items sharing the
   * boundary instant are not skipped (beyond-spec-4 K19). Absent in states written before the option existed.
   */
  listTieSafeCursor?: boolean;
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
  webhookAnswered: Map<string, number>;
  outbox: WorkflowOutboxEntry[];
  /** Due instants, latest first (the next one is the last element). */
  timers: WorkflowTimer[];
  timerSeq: number;
  /** Whether some definition of the key named an agent other than `__mock__` (its passes then need the agents engine). */
  agentNodes?: boolean;
  /** Async webhook callback tokens -> their step (kept after the step ends, so a late callback is told so). */
  callbacks: Map<string, { executionId: string; stepId: string }>;
}
