import * as activities from './operations/activities.js';
import * as auth from './operations/auth.js';
import * as comments from './operations/comments/index.js';
import * as crdt from './operations/crdt.js';
import * as documents from './operations/documents.js';
import * as folders from './operations/folders.js';
import * as groups from './operations/groups.js';
import * as legacyTokens from './operations/legacy-tokens.js';
import * as locations from './operations/locations.js';
import * as memory from './operations/memory.js';
import * as notifications from './operations/notifications.js';
import * as organizations from './operations/organizations.js';
import * as permissions from './operations/permissions.js';
import * as presence from './operations/presence.js';
import * as users from './operations/users/users.js';
import { WORKFLOW } from './operations/workflow/common.js';
import * as workspaceKeys from './operations/workspaces/keys.js';
import * as workspaces from './operations/workspaces/workspaces.js';
import { area, routeOf } from './protocol/areas.js';
import type { Operation, Route } from './protocol/operation.js';

const v1 = (operation: Operation): Route => ({ operation, version: 'v1' });
const v2 = (operation: Operation): Route => ({ operation, version: 'v2' });

// Areas a page may never call load, with their schemas, on the first call to one of their paths: each is its own chunk.
// Workspace administration (configuration, key settings, webhooks, console e-mail), migrations, user-data erasure
// and recordings:
const workspaceConfig = area(() => import('./operations/workspaces/config.js'), { auth: 'apiKey' });
const keySettings = area(() => import('./operations/workspaces/key-settings.js'), { auth: 'apiKey' });
const webhooks = area(() => import('./operations/webhooks.js'), { auth: 'apiKey' });
const workspaceEmail = area(() => import('./operations/workspaces/email.js'), { auth: 'none' });
const migrations = area(() => import('./operations/migrations.js'), { auth: 'apiKey' });
const erase = area(() => import('./operations/users/erase.js'), { auth: 'apiKey' });
const recordings = area(() => import('./operations/recordings.js'), { auth: 'apiKey' });
// The product lines beside the core API:
const agents = area(() => import('./operations/agents/index.js'), { auth: 'apiKey' });
const workflow = area(() => import('./operations/workflow/index.js'), WORKFLOW);
const knowledge = area(() => import('./operations/knowledge.js'), { auth: 'apiKey', message: null });
const insights = area(() => import('./operations/insights.js'), { auth: 'apiKey', message: null });
const memoryReads = area(() => import('./operations/memory-reads.js'), { auth: 'apiKey', message: null });
const rewriter = area(() => import('./operations/rewriter.js'), { auth: 'apiKey', message: null });

/**
 * THE route table: one line per served path, with the API version it serves (v1/v2 twins of D15 included). The
 * lines of the areas above stand for operations that load on first use (`loadRoutes()` gives every line with its
 * operation).
 */
export const routes: Readonly<Record<string, Route>> = {
  '/v2/workspace/create': v2(workspaces.create),
  '/v2/workspace/get': v2(workspaces.get),
  '/v2/workspace/apikey/create': v2(workspaces.createApiKey),
  '/v2/workspace/authtokens/get': v2(workspaces.getAuthTokens),
  '/v2/auth/generate_token': v2(auth.generateToken),
  '/v2/users/add': v2(users.add),
  '/v1/users/add': v1(users.add),
  '/v1/users/update': v1(users.update),
  '/v2/users/update': v2(users.update),
  '/v1/users/delete': v1(users.remove),
  '/v2/users/delete': v2(users.remove),
  '/v2/users/get': v2(users.get),
  '/v1/users/get': v1(users.getV1),
  '/v1/users/data/get': v1(users.getData),
  '/v2/users/data/get': v2(users.getData),
  '/v2/users/data/delete': erase.v2('Delete all data of users', (m) => m.remove),
  '/v1/users/data/delete': erase.v1('Delete all data of users', (m) => m.remove),
  '/v2/users/data/delete/status': erase.v2('Get the status of a user-data deletion', (m) => m.status),
  '/v1/users/data/delete/status': erase.v1('Get the status of a user-data deletion', (m) => m.status),
  '/v2/organizations/usergroups/add': v2(groups.add),
  '/v1/organizations/usergroups/add': v1(groups.add),
  '/v1/organizations/usergroups/users/add': v1(groups.addUsers),
  '/v2/organizations/usergroups/users/add': v2(groups.addUsers),
  '/v1/organizations/usergroups/users/delete': v1(groups.removeUsers),
  '/v2/organizations/usergroups/users/delete': v2(groups.removeUsers),
  '/v2/organizations/access/disablestate/update': v2(organizations.updateDisableState),
  '/v1/organizations/documents/add': v1(documents.add),
  '/v2/organizations/documents/add': v2(documents.add),
  '/v2/organizations/documents/delete': v2(documents.remove),
  '/v1/organizations/documents/delete': v1(documents.remove),
  '/v1/organizations/documents/locations/update': v1(locations.update),
  '/v1/organizations/documents/locations/data/delete': v1(locations.deleteData),
  '/v2/organizations/documents/migrate': migrations.v2('Migrate a document to a new document id', (m) => m.start),
  '/v2/organizations/documents/migrate/status': migrations.v2('Get the status of a document migration', (m) => m.status),
  '/v2/notifications/add': v2(notifications.add),
  '/v2/notifications/delete': v2(notifications.remove),
  '/v2/notifications/get': v2(notifications.get),
  '/v2/notifications/config/get': v2(notifications.getConfig),
  '/v2/notifications/config/set': v2(notifications.setConfig),
  '/v2/notifications/update': v2(notifications.update),
  '/v1/notifications/add': v1(notifications.add),
  '/v1/notifications/get': v1(notifications.get),
  '/v1/notifications/delete': v1(notifications.remove),
  '/v1/notifications/update': v1(notifications.update),
  '/v1/notifications/config/get': v1(notifications.getConfig),
  '/v1/notifications/config/set': v1(notifications.setConfig),
  '/v2/crdt/add': v2(crdt.add),
  '/v2/crdt/get': v2(crdt.get),
  '/v2/crdt/update': v2(crdt.update),
  '/v2/crdt/delete': v2(crdt.remove),
  '/v2/workspace/emailconfig/get': workspaceConfig.v2('Get the e-mail configuration', (m) => m.getEmail),
  '/v2/workspace/emailconfig/update': workspaceConfig.v2('Update the e-mail configuration', (m) => m.updateEmail),
  '/v2/workspace/webhookconfig/get': workspaceConfig.v2('Get the basic webhook configuration', (m) => m.getWebhook),
  '/v2/workspace/webhookconfig/update': workspaceConfig.v2('Update the basic webhook configuration', (m) => m.updateWebhook),
  '/v2/workspace/activityconfig/get': workspaceConfig.v2('Get the activity-log configuration', (m) => m.getActivity),
  '/v2/workspace/activityconfig/update': workspaceConfig.v2('Update the activity-log configuration', (m) => m.updateActivity),
  '/v2/workspace/advancedwebhookconfig/get': webhooks.v2('Get the advanced-webhook configuration', (m) => m.getConfig),
  '/v2/workspace/advancedwebhookconfig/update': webhooks.v2('Update the advanced-webhook configuration', (m) => m.updateConfig),
  '/v2/workspace/advancedwebhook/endpoints/get': webhooks.v2('Get advanced-webhook endpoints', (m) => m.getEndpoints),
  '/v2/workspace/advancedwebhook/endpoints/create': webhooks.v2('Create an advanced-webhook endpoint', (m) => m.createEndpoint),
  '/v2/workspace/advancedwebhook/endpoints/update': webhooks.v2('Update an advanced-webhook endpoint', (m) => m.updateEndpoint),
  '/v2/workspace/advancedwebhook/endpoints/delete': webhooks.v2('Delete an advanced-webhook endpoint', (m) => m.deleteEndpoint),
  '/v2/workspace/advancedwebhook/endpoints/secret/get': webhooks.v2('Get the signing secret of an advanced-webhook endpoint', (m) => m.getEndpointSecret),
  '/v2/activities/update': v2(activities.update),
  '/v2/activities/add': v2(activities.add),
  '/v2/activities/get': v2(activities.get),
  '/v2/activities/delete': v2(activities.remove),
  '/v2/memory/suggest': v2(memory.suggest),
  '/v2/memory/search': memoryReads.v2('Search judgments', (m) => m.search),
  '/v2/memory/ask': memoryReads.v2('Ask decision memory', (m) => m.ask),
  '/v2/memory/judgments/query': memoryReads.v2('Query judgments', (m) => m.queryJudgmentsOp),
  '/v2/memory/knowledge/upload-url': knowledge.v2('Get a knowledge upload URL', (m) => m.uploadUrl),
  '/v2/memory/knowledge/ingest': knowledge.v2('Ingest a knowledge file', (m) => m.ingest),
  '/v2/memory/knowledge/ingest-status': knowledge.v2('Get a knowledge ingestion status', (m) => m.ingestStatusOp),
  '/v2/memory/knowledge/list': knowledge.v2('List knowledge sources', (m) => m.list),
  '/v2/memory/knowledge/download': knowledge.v2('Download the canonical markdown of a knowledge source', (m) => m.download),
  '/v2/memory/knowledge/rules': knowledge.v2('List the rules extracted from a knowledge source', (m) => m.rules),
  '/v2/memory/knowledge/search': knowledge.v2('Search the knowledge base', (m) => m.search),
  '/v2/memory/knowledge/update': knowledge.v2('Update a rule-based knowledge source', (m) => m.update),
  '/v2/memory/knowledge/delete': knowledge.v2('Delete a knowledge source', (m) => m.remove),
  '/v2/memory/profiles/get': insights.v2('Get a reviewer profile', (m) => m.getProfile),
  '/v2/memory/patterns/get': insights.v2('Get decision patterns', (m) => m.getPatterns),
  '/v2/memory/stats/get': insights.v2('Get decision-memory statistics', (m) => m.getStats),
  '/v2/memory/alerts/list': insights.v2('List trend alerts', (m) => m.listAlertsOp),
  '/v2/memory/alerts/dismiss': insights.v2('Dismiss a trend alert', (m) => m.dismissAlertOp),
  '/v2/memory/alerts/action': insights.v2('Mark a trend alert actioned', (m) => m.actionAlertOp),
  '/v2/memory/alerts/config/get': insights.v2('Get the alert settings', (m) => m.getAlertConfig),
  '/v2/memory/alerts/config/update': insights.v2('Update the alert settings', (m) => m.updateAlertConfigOp),
  '/v2/rewriter/ask-ai': rewriter.v2('Rewrite text with a model', (m) => m.askAi),
  '/v1/auth/token/get': v1(legacyTokens.tokenV1),
  '/v2/auth/token/get': v2(legacyTokens.tokenV2),
  '/v2/recordings/get': recordings.v2('Get recordings', (m) => m.get),
  '/v2/livestate/broadcast': v2(presence.broadcast),
  '/v1/livestate/broadcast': v1(presence.broadcast),
  '/v2/presence/add': v2(presence.add),
  '/v2/presence/update': v2(presence.update),
  '/v2/presence/delete': v2(presence.remove),
  '/v2/workspace/domains/add': v2(workspaceKeys.addDomainsOp),
  '/v1/workspace/domains/add': v1(workspaceKeys.addDomainsOp),
  '/v2/workspace/domains/delete': v2(workspaceKeys.removeDomainsOp),
  '/v1/workspace/domains/delete': v1(workspaceKeys.removeDomainsOp),
  '/v2/workspace/domains/get': v2(workspaceKeys.getDomains),
  '/v2/workspace/apikeys/get': v2(workspaceKeys.getApiKeys),
  '/v2/workspace/apikey/update': v2(workspaceKeys.updateApiKey),
  '/v2/workspace/authtoken/reset': v2(workspaceKeys.resetToken),
  '/v2/workspace/apikeyconfig/get': keySettings.v2('Get the API key configuration', (m) => m.getApiKeyConfig),
  '/v2/workspace/apikeyconfig/update': keySettings.v2('Update the API key configuration', (m) => m.updateApiKeyConfigOp),
  '/v2/workspace/notificationconfig/get': keySettings.v2('Get the notification service configuration', (m) => m.getNotificationConfig),
  '/v2/workspace/notificationconfig/update': keySettings.v2('Update the notification service configuration', (m) => m.updateNotificationConfig),
  '/v2/workspace/permissionproviderconfig/get': keySettings.v2('Get the permission provider configuration', (m) => m.getPermissionProviderConfig),
  '/v2/workspace/permissionproviderconfig/update': keySettings.v2('Update the permission provider configuration', (m) => m.updatePermissionProviderConfig),
  '/v2/workspace/email/send-login-link': workspaceEmail.v2('Send a console login link', (m) => m.sendLoginLinkOp),
  '/v2/workspace/email/status': workspaceEmail.v2('Get the e-mail verification status', (m) => m.emailStatus),
  '/v1/organizations/access/disablestate/update': v1(organizations.updateDisableState),
  '/v2/organizations/add': v2(organizations.add),
  '/v1/organizations/add': v1(organizations.add),
  '/v2/organizations/get': v2(organizations.get),
  '/v1/organizations/get': v1(organizations.get),
  '/v2/organizations/update': v2(organizations.update),
  '/v1/organizations/update': v1(organizations.update),
  '/v2/organizations/delete': v2(organizations.remove),
  '/v1/organizations/delete': v1(organizations.remove),
  '/v2/organizations/folders/add': v2(folders.add),
  '/v1/organizations/folders/add': v1(folders.add),
  '/v2/organizations/folders/get': v2(folders.get),
  '/v1/organizations/folders/get': v1(folders.get),
  '/v2/organizations/folders/update': v2(folders.update),
  '/v1/organizations/folders/update': v1(folders.update),
  '/v2/organizations/folders/delete': v2(folders.remove),
  '/v2/organizations/folders/access/update': v2(folders.updateAccess),
  '/v1/organizations/folders/access/update': v1(folders.updateAccess),
  '/v2/organizations/documents/get': v2(documents.get),
  '/v1/organizations/documents/get': v1(documents.get),
  '/v2/organizations/documents/update': v2(documents.update),
  '/v1/organizations/documents/update': v1(documents.update),
  '/v2/organizations/documents/move': v2(documents.move),
  '/v1/organizations/documents/move': v1(documents.move),
  '/v2/organizations/documents/access/update': v2(documents.updateAccess),
  '/v1/organizations/documents/access/update': v1(documents.updateAccess),
  '/v2/organizations/documents/access/disablestate/update': v2(documents.updateDisableState),
  '/v1/organizations/documents/access/disablestate/update': v1(documents.updateDisableState),
  '/v2/auth/permissions/add': v2(permissions.add),
  '/v2/auth/permissions/get': v2(permissions.get),
  '/v2/auth/permissions/remove': v2(permissions.remove),
  '/v2/auth/generate_signature': v2(permissions.generateSignature),
  '/v2/commentannotations/add': v2(comments.add),
  '/v1/commentannotations/add': v1(comments.add),
  '/v2/commentannotations/get': v2(comments.get),
  '/v1/commentannotations/get': v1(comments.getV1),
  '/v2/commentannotations/update': v2(comments.update),
  '/v1/commentannotations/update': v1(comments.update),
  '/v2/commentannotations/delete': v2(comments.remove),
  '/v1/commentannotations/delete': v1(comments.remove),
  '/v2/commentannotations/count/get': v2(comments.count),
  '/v1/commentannotations/count/get': v1(comments.count),
  '/v2/commentannotations/comments/add': v2(comments.comments.add),
  '/v1/commentannotations/comments/add': v1(comments.comments.add),
  '/v2/commentannotations/comments/get': v2(comments.comments.get),
  '/v1/commentannotations/comments/get': v1(comments.comments.get),
  '/v2/commentannotations/comments/update': v2(comments.comments.update),
  '/v1/commentannotations/comments/update': v1(comments.comments.update),
  '/v2/commentannotations/comments/delete': v2(comments.comments.remove),
  '/v1/commentannotations/comments/delete': v1(comments.comments.remove),
  '/v2/agents/create': agents.v2('Create agent', (m) => m.agents.create),
  '/v2/agents/get': agents.v2('Get agent(s)', (m) => m.agents.get),
  '/v2/agents/update': agents.v2('Update agent', (m) => m.agents.update),
  '/v2/agents/delete': agents.v2('Delete agent', (m) => m.agents.remove),
  '/v2/agents/version/update': agents.v2('Update agent version', (m) => m.agents.updateVersion),
  '/v2/agents/versions/list': agents.v2('List agent versions', (m) => m.agents.listVersionsOp),
  '/v2/agents/versions/restore': agents.v2('Restore agent version', (m) => m.agents.restore),
  '/v2/agents/execution/run': agents.v2('Run agent execution', (m) => m.executions.run),
  '/v2/agents/execution/get': agents.v2('Get agent execution', (m) => m.executions.get),
  '/v2/agents/execution/list': agents.v2('List agent executions', (m) => m.executions.list),
  '/v2/agents/execution/count': agents.v2('Count agent executions', (m) => m.executions.count),
  '/v2/agents/analytics/get': agents.v2('Get agent analytics', (m) => m.executions.analytics),
  '/v2/agents/prompt/enhance': agents.v2('Enhance prompt', (m) => m.prompts.enhance),
  '/v2/agents/prompt/validate': agents.v2('Validate prompt', (m) => m.prompts.validatePromptOp),
  '/v2/agents/prompt/refine': agents.v2('Refine prompt', (m) => m.prompts.refine),
  '/v2/agents/config/resolve': agents.v2('Resolve agent config', (m) => m.prompts.resolve),
  '/v2/agents/extract': agents.v2('Extract agents from a file', (m) => m.prompts.extract),
  '/v2/agents/groups/create': agents.v2('Create agent group', (m) => m.groups.create),
  '/v2/agents/groups/get': agents.v2('Get agent group', (m) => m.groups.get),
  '/v2/agents/groups/list': agents.v2('List agent groups', (m) => m.groups.list),
  '/v2/agents/groups/update': agents.v2('Update agent group', (m) => m.groups.update),
  '/v2/agents/groups/delete': agents.v2('Delete agent group', (m) => m.groups.remove),
  '/v2/agents/groups/add-agents': agents.v2('Add agents to group', (m) => m.groups.addAgents),
  '/v2/agents/groups/remove-agents': agents.v2('Remove agents from group', (m) => m.groups.removeAgents),
  '/v2/workflow/definitions/create': workflow.v2('Create a workflow definition', (m) => m.definitions.create),
  '/v2/workflow/definitions/get': workflow.v2('Get a workflow definition', (m) => m.definitions.get),
  '/v2/workflow/definitions/list': workflow.v2('List workflow definitions', (m) => m.definitions.list),
  '/v2/workflow/definitions/update': workflow.v2('Replace a workflow definition', (m) => m.definitions.update),
  '/v2/workflow/definitions/delete': workflow.v2('Delete a workflow definition', (m) => m.definitions.remove),
  '/v2/workflow/executions/dispatch': workflow.v2('Dispatch a workflow execution', (m) => m.executions.dispatch),
  '/v2/workflow/executions/get': workflow.v2('Get a workflow execution', (m) => m.executions.get),
  '/v2/workflow/executions/list': workflow.v2('List workflow executions', (m) => m.executions.list),
  '/v2/workflow/executions/getEvents': workflow.v2('Get the events of a workflow execution', (m) => m.executions.events),
  '/v2/workflow/executions/cancel': workflow.v2('Cancel a workflow execution', (m) => m.executions.cancel),
  '/v2/workflow/steps/recordReviewerDecision': workflow.v2('Record a reviewer decision', (m) => m.steps.recordDecision),
  '/v2/workflow/steps/resolve': workflow.v2('Resolve a workflow step (override)', (m) => m.steps.resolve),
  '/v2/workflow/steps/cancel': workflow.v2('Cancel a workflow step', (m) => m.steps.cancel),
  '/v2/workflow/steps/recordAgentResolution': workflow.v2('Record an agent resolution', (m) => m.steps.recordAgentResolution),
};

let everyRoute: Promise<Readonly<Record<string, Route>>> | undefined;

/**
 * Every line of the route table with its operation itself (schema, rules, result), every area loaded: for what
 * describes the whole surface (coverage, the OpenAPI document, the server's index). Same paths, same order.
 * @example const all = await loadRoutes(); all['/v2/agents/create']?.operation.schema;
 */
export function loadRoutes(): Promise<Readonly<Record<string, Route>>> {
  everyRoute ??= Promise.all(Object.entries(routes).map(async ([path, route]) => [path, await routeOf(route)] as const)).then(
    (entries) => Object.fromEntries(entries),
    (error: unknown) => {
      everyRoute = undefined;
      throw error;
    },
  );
  return everyRoute;
}
