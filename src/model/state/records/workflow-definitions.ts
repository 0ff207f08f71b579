/**
 * The stored shapes of workflow definitions (beyond-spec-4 4.2.0 A, C, D): nodes, edges, groups and triggers as
 * authored, the compiled graph, and the versions of a definition. Types only.
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
