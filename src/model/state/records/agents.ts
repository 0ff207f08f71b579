/** The stored shapes of review agents (beyond-spec-4 4.1.0): agents, versions, groups, executions and their results. */

/** How agent executions move on (beyond-spec-4 0, 4.1.0 G): on the service clock, before run returns, or by the control plane. */
export type AgentProgression = 'clock' | 'immediate' | 'manual';

/** A model provider of the allowlist (4.1.0 K). */
export type AgentProvider = 'gemini' | 'claude' | 'openai';

/** Terminal and non-terminal states of an execution (4.1.0 G). */
export type AgentExecutionStatus = 'running' | 'passed' | 'failed' | 'partial' | 'error' | 'skipped';

/** A version snapshot of a custom agent: `id` = `v<N>`, the behavioural blocks as normalised, passthrough keys. */
export type AgentVersionRecord = Record<string, unknown> & { id: string; version: number; createdAt: number };

/** A custom agent: identity on the root, behaviour in its versions (ascending; the last is the current one). */
export interface CustomAgentRecord {
  id: string;
  name: string;
  description: string;
  enabled: boolean;
  /** The current version number; `versions` ends with it. */
  version: number;
  metadata?: Record<string, unknown>;
  createdAt: number;
  updatedAt: number;
  versions: AgentVersionRecord[];
}

/** An agent group (4.1.0 E): customer groups have 20-alnum ids, system groups fixed ones and `system: true`. */
export interface AgentGroupRecord {
  id: string;
  name: string;
  description?: string;
  agentIds: string[];
  metadata: Record<string, unknown>;
  system?: true;
  createdAt: number;
  updatedAt: number;
}

/** A finding of one URL (4.1.0 F), in the documented field order. */
export interface AgentFinding {
  id: string;
  title: string;
  description: string;
  severity: 'critical' | 'high' | 'medium' | 'low' | 'info';
  targetText: string;
  occurrence: number;
  sourceUrl: string;
  suggestion: string;
  htmlSelector: string;
  targetElementXpath: string;
  isPageLevel: boolean;
  issueType: string;
  confidence: number;
  commentId?: string;
  source: 'instructions' | 'knowledge';
  /** A knowledge rule's category, carried to the annotation's `reason.knowledgeSection`. */
  knowledgeSection?: string;
}

/** A per-URL result row (4.1.0 F), returned by execution get with `includeResults`. */
export interface AgentResultRow {
  id: string;
  url: string;
  urlHash: string;
  agentId: string;
  agentName: string;
  agentResult: {
    status: 'completed' | 'failed';
    agentId: string;
    agentName: string;
    summary?: string;
    issueCount: number;
    findingsCount: number;
    findings: AgentFinding[];
    error: string | null;
  };
  findingCount: number;
  processedAt: number;
}

/** Token counts of a run or of a usage record (4.1.0 K). */
export interface TokenUsage {
  promptTokens: number;
  completionTokens: number;
  thoughtsTokens: number;
  totalTokens: number;
}

/** The short form of a finding in `resultsSummary.findings`. */
export interface FindingSummary {
  title: string;
  description: string;
  severity: string;
  sourceUrl: string;
  issueType: string;
  url: string;
}

/** What a run has produced so far (completed URLs only while running). */
export interface ResultsSummary {
  totalFindings: number;
  totalAnnotationsCreated: number;
  urlsProcessed: number;
  urlsWithFindings: number;
  urlsErrored?: number;
  erroredUrls?: { url: string; message: string }[];
  issuesCreated: number;
  severityCounts?: Record<string, number>;
  findings?: FindingSummary[];
  summary: string | null;
}

/** The `error` block of an execution. */
export interface ExecutionError {
  code: string;
  message: string;
  advisoryComment?: string;
  retryable: boolean;
  occurredAt: number;
}

/** An execution record in the documented field order (4.1.0 F); optional keys appear only where the rules say. */
export interface AgentExecutionRecord {
  id: string;
  agentId: string;
  agentName: string;
  agentVersion?: number;
  metadata: { organizationId: string; documentId: string };
  config: {
    seedUrl: string;
    crossPageExecute: boolean;
    maxUrlsToProcess: number;
    deviceType: 'desktop' | 'mobile';
    crawlerConfig?: { maxPages: number; timeout: number; maxDepth: number };
  };
  status: AgentExecutionStatus;
  startedAt: number;
  completedAt: number | null;
  durationMs: number | null;
  trigger: 'standalone' | 'workflow';
  workflowExecutionId: string | null;
  previousExecutionId: string | null;
  ranBy: { userId: string; name: string; email: string };
  resultsSummary: ResultsSummary;
  crawlerResults?: { status: 'completed'; totalUrlsFound: number; duration: number; pagesVisited: number };
  llmModel?: string;
  tokenUsage: TokenUsage;
  error?: ExecutionError;
}

/** A scripted outcome for one URL: findings (partial, defaulted), or a failure code. */
export interface ScriptedOutcome {
  findings?: Record<string, unknown>[];
  /** One of the `error.code` values: the URL fails with it. */
  fail?: string;
}

/** What a non-terminal execution still has to do, and the pinned configuration it does it with. */
export interface ExecutionPlan {
  executionId: string;
  urls: string[];
  /** How many URLs are done. */
  done: number;
  mode: AgentProgression;
  perUrlMs: number;
  /** `<provider>/<model>`, or null for service runs. */
  model: string | null;
  annotationVisibility: 'public' | 'private';
  /** The agent's behaviour at run time (the pinned version, or the built-in's rule set). */
  behaviour: Record<string, unknown>;
  /** A `promptOverride` of a workflow agent node, read like instructions. */
  promptOverride?: string;
}

/** A page the control plane registered: what an agent "sees" at a URL (4.1.0 H). */
export interface AgentPageRecord {
  url: string;
  html?: string;
  text?: string;
  status?: number;
  fail?: string;
  contentType?: string;
}

/** A scripted findings entry: replaces the rule engine for matching runs (4.1.0 I). */
export interface ScriptedFindingsRecord {
  agentId: string;
  /** Absent: any URL of the agent. */
  url?: string;
  findings: Record<string, unknown>[];
  /** A terminal status forced on the execution (with `findings` still written). */
  status?: 'passed' | 'failed' | 'partial' | 'error';
  fail?: string;
  once: boolean;
}

/** A scripted reply of a prompt or generator operation, matched on its exact input. */
export interface PromptScriptRecord {
  operation: 'enhance' | 'validate' | 'refine' | 'resolve' | 'extract';
  /** Canonical JSON of the matched `data` (without `provider`). */
  match: string;
  reply: { data: Record<string, unknown> } | { error: { status: string; message: string } };
}

/** Token usage of one agent, model and month (4.1.12). */
export interface AgentUsageRecord extends TokenUsage {
  agentId: string;
  /** `<provider>_<model>` with `.` and `/` as `_`. */
  modelKey: string;
  year: string;
  month: string;
  requestCount: number;
}

/** Per-API-key settings of the agents area (control plane). */
export interface AgentsConfig {
  progression: AgentProgression;
  perUrlMs: number;
  customAgentLimit: number;
  /** `null` = unlimited. */
  credits: number | null;
  defaultProvider: AgentProvider;
  profanityWords: string[];
  /** Misspelling -> fix; replaces the default table when set. */
  misspellings: Record<string, string> | null;
}

/** Counters of one agent's executions: how many, the latest start, and how many in each status. */
export interface AgentExecutionStats {
  executionCount: number;
  lastExecutedAt: number | null;
  byStatus: Partial<Record<AgentExecutionStatus, number>>;
}

/** Everything the agents area stores under one API key; absent until the key's first agent write. */
export interface AgentsState {
  config: AgentsConfig;
  custom: Map<string, CustomAgentRecord>;
  /** Built-ins whose `enabled` was changed. */
  builtIns: Map<string, { enabled: boolean }>;
  groups: Map<string, AgentGroupRecord>;
  executions: Map<string, AgentExecutionRecord>;
  results: Map<string, AgentResultRow[]>;
  /** Non-terminal executions, in start order. */
  plans: Map<string, ExecutionPlan>;
  /** Execution ids ordered by (startedAt, id): per agent, per `organizationId\u0000documentId`, and per both. */
  byAgent: Map<string, string[]>;
  byDocument: Map<string, string[]>;
  byAgentDocument: Map<string, string[]>;
  stats: Map<string, AgentExecutionStats>;
  /** Keyed `agentId|modelKey|year|month`. */
  usage: Map<string, AgentUsageRecord>;
  pages: Map<string, AgentPageRecord>;
  findings: ScriptedFindingsRecord[];
  scripts: PromptScriptRecord[];
}
