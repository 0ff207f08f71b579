import * as agents from './agents.js';
import * as clock from './clock.js';
import { type ControlHandler, inTransaction } from './context.js';
import * as faults from './faults.js';
import * as fixtures from './fixtures.js';
import * as inspector from './inspector.js';
import * as journal from './journal.js';
import * as knowledge from './knowledge.js';
import * as memory from './memory.js';
import * as migrations from './migrations.js';
import * as presence from './presence.js';
import * as state from './state.js';
import * as storage from './storage.js';
import * as sync from './sync.js';
import * as webhooks from './webhooks.js';
import * as workflow from './workflow.js';
import * as workspaces from './workspaces.js';

/**
 * THE control plane under `/__mock/*`: one literal line per method and path. Bodies are plain JSON (no `{data}`
 * wrapper); handlers return a value (rendered as JSON) or a raw reply. Handlers that write records run as
 * transactions (`inTransaction`); reset and state import replace the history instead.
 */
export const controlRoutes: Readonly<Record<string, ControlHandler>> = {
  'GET /__mock/health': state.health,
  'GET /__mock/credentials': state.credentials,
  'GET /__mock/state': state.exportState,
  'POST /__mock/state': state.importState,
  'POST /__mock/reset': state.reset,
  'GET /__mock/signing-secret': state.signingSecret,
  'GET /__mock/clock': clock.read,
  'POST /__mock/clock/advance': clock.advance,
  'GET /__mock/migrations': migrations.list,
  'POST /__mock/migrations/advance': inTransaction(migrations.advance),
  'POST /__mock/annotations': inTransaction(fixtures.addAnnotations),
  'POST /__mock/activities': inTransaction(fixtures.addActivityRecords),
  'GET /__mock/activities': fixtures.listActivityRecords,
  'POST /__mock/memory/judgments': inTransaction(memory.recordJudgmentsRoute),
  'GET /__mock/memory/judgments': memory.listJudgmentsRoute,
  'POST /__mock/memory/explain': memory.explainRoute,
  'POST /__mock/memory/knowledge/config': knowledge.config,
  'POST /__mock/memory/knowledge/conversions': knowledge.conversions,
  'POST /__mock/memory/knowledge/complete': knowledge.complete,
  'POST /__mock/memory/patterns': knowledge.patterns,
  'POST /__mock/memory/alerts': knowledge.alerts,
  'POST /__mock/memory/profiles': knowledge.profiles,
  'POST /__mock/memory/ask/answers': knowledge.answers,
  'POST /__mock/rewriter/responses': knowledge.rewriterResponses,
  'PUT /__mock/storage/uploads/{token}': storage.upload,
  'GET /__mock/storage/knowledge/{sourceId}/{file}': storage.download,
  'POST /__mock/agents/config': agents.config,
  'GET /__mock/agents/config': agents.readConfig,
  'POST /__mock/agents/pages': agents.addPages,
  'GET /__mock/agents/pages': agents.listPages,
  'DELETE /__mock/agents/pages': agents.deletePages,
  'POST /__mock/agents/findings': agents.findings,
  'POST /__mock/agents/executions/complete': agents.complete,
  'POST /__mock/agents/usage': agents.usage,
  'POST /__mock/agents/scripts': agents.scripts,
  'GET /__mock/requests': journal.list,
  'POST /__mock/requests/clear': journal.clear,
  'GET /__mock/faults': faults.list,
  'POST /__mock/faults': faults.add,
  'POST /__mock/faults/clear': faults.clear,
  'GET /__mock/overview': inspector.overview,
  'GET /__mock/webhooks/deliveries': webhooks.deliveries,
  'POST /__mock/webhooks/flush': webhooks.flush,
  'GET /__mock/presence': presence.presence,
  'GET /__mock/livestate': presence.liveState,
  'GET /__mock/login-links': workspaces.listLoginLinks,
  'POST /__mock/email-verification': inTransaction(workspaces.setVerification),
  'GET /__mock/yjs/{apiKey}/{organizationId}/{documentId}/{editorId}': sync.syncEndpoint,
  'GET /__mock/workflow/config': workflow.readConfig,
  'POST /__mock/workflow/config': inTransaction(workflow.configure),
  'POST /__mock/workflow/webhook-responses': inTransaction(workflow.webhookResponses),
  'POST /__mock/workflow/callback/{token}': inTransaction(workflow.callback),
  'POST /__mock/workflow/triggers/fire': inTransaction(workflow.fireTrigger),
  'GET /__mock/workflow/outbox': workflow.outbox,
};
