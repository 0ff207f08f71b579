/**
 * collab-service-mock: an in-memory emulator of the Collaboration Service REST API.
 * @example
 * import { createMockService } from 'collab-service-mock';
 * const service = createMockService({ seed: 1 });
 */

export type { Coverage, ServedPath } from './coverage.js';
export type { ErrorStatus } from './errors.js';
export { HTTP_STATUS, ServiceError } from './errors.js';
export type { AccessApi, AccessExplanation, AccessRequest } from './harness/access.js';
export type {
  AgentPageInput,
  AgentsApi,
  AgentsConfigInput,
  AgentsTarget,
  AgentUsageInput,
  ExecutionErrorCode,
  PromptScriptInput,
  ScriptedFindingsInput,
} from './harness/agents.js';
export type { CrdtAccess, CrdtDocRequest } from './harness/crdt.js';
export type { ActiveFault, FaultRule, FaultsApi } from './harness/faults.js';
export { RATE_LIMIT_MESSAGE } from './harness/faults.js';
export type { JournalApi, JournalEntry, JournalFilter } from './harness/journal.js';
export type { KnowledgeApi, KnowledgeConversion, KnowledgeSettings } from './harness/knowledge.js';
export type { JudgmentInit, MemoryApi, MemoryExplainRequest, MemoryListOptions, MemoryTarget } from './harness/memory.js';
export type { AlertSeed, AnswerSeed, MemoryExtrasApi, PatternSeed, ProfileSeed } from './harness/memory-extras.js';
export type { RewriterApi, RewriterResponses } from './harness/rewriter.js';
export type { WebhookAttemptView, WebhookDeliveryFilter, WebhookDeliveryView, WebhooksApi } from './harness/webhooks.js';
export type {
  CallbackInit,
  OutboxQuery,
  ScriptedResponseInit,
  TriggerFireInit,
  TriggerOutcome,
  WebhookResponsesInit,
  WorkflowApi,
  WorkflowConfigInit,
  WorkflowTarget,
} from './harness/workflow.js';
export type { AccessDecision, AccessReason, AccessRole, TokenGrant } from './model/access.js';
export type { ExplainedJudgment, ExplainedWord, Explanation } from './model/memory/explain.js';
export type * from './model/state/entities.js';
export type * from './model/state/records/agents.js';
export type * from './model/state/records/workflow.js';
export type { StateFile, StateIdentity } from './model/state/state-file.js';
export { STATE_FORMAT, STATE_VERSION } from './model/state/state-file.js';
export { loadYjs } from './model/state/yjs.js';
export type { WebhookDeliveryMode, WebhookRequest, WebhookResponse, WebhookSender } from './model/webhooks/port.js';
export { signWebhook } from './model/webhooks/sign.js';
export type { OpenApiDocument } from './openapi.js';
export type { Credentials, CredentialValues } from './options.js';
export type { AuthHeaderNames } from './protocol/auth-headers.js';
export type { ApiCall, ApiReply } from './protocol/call.js';
export type { MigrationMode, MissingDocuments, Settings } from './protocol/operation.js';
export type * from './scenarios/builder-types.js';
export type { CustomScenario, Scenario, ScenarioContext, ScenarioName, ScenarioServiceOptions } from './scenarios/index.js';
export { createBuilders, createScenarioService, createServiceFromState, loadScenario, SCENARIO_NAMES } from './scenarios/index.js';
export type { MockService, MockServiceOptions, ServiceSnapshot } from './service.js';
export { createMockService, DEFAULT_BASE_URL } from './service.js';
export type { Clock, ClockOption } from './support/clock.js';
export { createClock, REFERENCE_TIME } from './support/clock.js';
export { coverage, openapi } from './surface.js';
