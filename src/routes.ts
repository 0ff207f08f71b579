import type { Operation } from './protocol/operation.js';
import { updateActivitiesOp } from './operations/activities.js';
import {
  createAdvancedWebhookEndpointOp,
  getAdvancedWebhookConfigOp,
  getAdvancedWebhookEndpointsOp,
  updateAdvancedWebhookConfigOp,
} from './operations/webhooks.js';
import { addCrdtOp, deleteCrdtOp, getCrdtOp, updateCrdtOp } from './operations/crdt.js';
import { addDocumentsOp, deleteDocumentsOp, disableStateOp } from './operations/documents.js';
import { addGroupsOp, addGroupUsersOp, deleteGroupUsersOp } from './operations/groups.js';
import { updateLocationOp } from './operations/locations.js';
import { suggestOp } from './operations/memory.js';
import { migrateDocumentOp, migrationStatusOp } from './operations/migrations.js';
import { getNotificationConfigOp, setNotificationConfigOp } from './operations/notification-config.js';
import { addNotificationOp, deleteNotificationsOp, getNotificationsOp } from './operations/notifications.js';
import { generateTokenOp } from './operations/auth.js';
import { getUserDataOp } from './operations/user-data.js';
import { addUsersOp, deleteUsersOp, getUsersOp, getUsersV1Op, updateUsersOp } from './operations/users.js';
import { createApiKeyOp, createWorkspaceOp, getAuthTokensOp, getWorkspaceOp } from './operations/workspaces.js';
import {
  getActivityConfigOp,
  getEmailConfigOp,
  getWebhookConfigOp,
  updateActivityConfigOp,
  updateEmailConfigOp,
  updateWebhookConfigOp,
} from './operations/workspace-config.js';

/** THE route table: one line per served path (v1/v2 aliases of D15 included). */
export const routes: Readonly<Record<string, Operation>> = {
  '/v2/workspace/create': createWorkspaceOp,
  '/v2/workspace/get': getWorkspaceOp,
  '/v2/workspace/apikey/create': createApiKeyOp,
  '/v2/workspace/authtokens/get': getAuthTokensOp,
  '/v2/auth/generate_token': generateTokenOp,
  '/v2/users/add': addUsersOp,
  '/v1/users/add': addUsersOp,
  '/v1/users/update': updateUsersOp,
  '/v2/users/update': updateUsersOp,
  '/v1/users/delete': deleteUsersOp,
  '/v2/users/delete': deleteUsersOp,
  '/v2/users/get': getUsersOp,
  '/v1/users/get': getUsersV1Op,
  '/v2/organizations/usergroups/add': addGroupsOp,
  '/v1/organizations/usergroups/add': addGroupsOp,
  '/v1/organizations/usergroups/users/add': addGroupUsersOp,
  '/v2/organizations/usergroups/users/add': addGroupUsersOp,
  '/v1/organizations/usergroups/users/delete': deleteGroupUsersOp,
  '/v2/organizations/usergroups/users/delete': deleteGroupUsersOp,
  '/v1/organizations/documents/add': addDocumentsOp,
  '/v2/organizations/documents/add': addDocumentsOp,
  '/v2/organizations/documents/delete': deleteDocumentsOp,
  '/v1/organizations/documents/delete': deleteDocumentsOp,
  '/v2/organizations/access/disablestate/update': disableStateOp,
  '/v2/notifications/add': addNotificationOp,
  '/v2/notifications/delete': deleteNotificationsOp,
  '/v2/notifications/get': getNotificationsOp,
  '/v2/notifications/config/get': getNotificationConfigOp,
  '/v2/notifications/config/set': setNotificationConfigOp,
  '/v2/crdt/add': addCrdtOp,
  '/v2/crdt/get': getCrdtOp,
  '/v2/crdt/update': updateCrdtOp,
  '/v2/crdt/delete': deleteCrdtOp,
  '/v2/workspace/emailconfig/get': getEmailConfigOp,
  '/v2/workspace/emailconfig/update': updateEmailConfigOp,
  '/v2/workspace/webhookconfig/get': getWebhookConfigOp,
  '/v2/workspace/webhookconfig/update': updateWebhookConfigOp,
  '/v2/workspace/advancedwebhookconfig/get': getAdvancedWebhookConfigOp,
  '/v2/workspace/advancedwebhookconfig/update': updateAdvancedWebhookConfigOp,
  '/v2/workspace/advancedwebhook/endpoints/get': getAdvancedWebhookEndpointsOp,
  '/v2/workspace/advancedwebhook/endpoints/create': createAdvancedWebhookEndpointOp,
  '/v2/workspace/activityconfig/get': getActivityConfigOp,
  '/v2/workspace/activityconfig/update': updateActivityConfigOp,
  '/v2/activities/update': updateActivitiesOp,
  '/v1/users/data/get': getUserDataOp,
  '/v2/users/data/get': getUserDataOp,
  '/v1/organizations/documents/locations/update': updateLocationOp,
  '/v2/organizations/documents/migrate': migrateDocumentOp,
  '/v2/organizations/documents/migrate/status': migrationStatusOp,
  '/v2/memory/suggest': suggestOp,
};

/** Paths of the real service that answer 501 here (service-facts 2.7); braces expand to one path each. */
const UNIMPLEMENTED_PATTERNS = [
  '/v1/auth/token/get',
  '/v1/commentannotations/{add,delete,get,update}',
  '/v1/commentannotations/comments/{add,delete,get,update}',
  '/v1/livestate/broadcast',
  '/v1/notifications/{add,delete,get,update}',
  '/v1/notifications/config/{get,set}',
  '/v1/organizations/access/disablestate/update',
  '/v1/organizations/{add,delete,get,update}',
  '/v1/organizations/documents/access/disablestate/update',
  '/v1/organizations/documents/access/update',
  '/v1/organizations/documents/{get,move,update}',
  '/v1/organizations/documents/locations/data/delete',
  '/v1/organizations/folders/access/update',
  '/v1/organizations/folders/{add,get,update}',
  '/v1/users/data/delete',
  '/v1/users/data/delete/status',
  '/v1/workspace/domains/{add,delete}',
  '/v2/activities/{add,delete,get}',
  '/v2/agents/analytics/get',
  '/v2/agents/config/resolve',
  '/v2/agents/{create,delete,extract,get,update}',
  '/v2/agents/execution/{count,get,list,run}',
  '/v2/agents/groups/{add-agents,create,delete,get,list,remove-agents,update}',
  '/v2/agents/prompt/{enhance,refine,validate}',
  '/v2/agents/version/update',
  '/v2/agents/versions/{list,restore}',
  '/v2/auth/generate_signature',
  '/v2/auth/permissions/{add,get,remove}',
  '/v2/auth/token/get',
  '/v2/commentannotations/{add,delete,get,update}',
  '/v2/commentannotations/comments/{add,delete,get,update}',
  '/v2/livestate/broadcast',
  '/v2/memory/alerts/{action,dismiss,list}',
  '/v2/memory/alerts/config/{get,update}',
  '/v2/memory/{ask,search}',
  '/v2/memory/judgments/query',
  '/v2/memory/knowledge/{delete,download,ingest,ingest-status,list,rules,search,update,upload-url}',
  '/v2/memory/patterns/get',
  '/v2/memory/profiles/get',
  '/v2/memory/stats/get',
  '/v2/notifications/update',
  '/v2/organizations/{add,delete,get,update}',
  '/v2/organizations/documents/access/disablestate/update',
  '/v2/organizations/documents/access/update',
  '/v2/organizations/documents/{get,move,update}',
  '/v2/organizations/folders/access/update',
  '/v2/organizations/folders/{add,delete,get,update}',
  '/v2/presence/{add,delete,update}',
  '/v2/recordings/get',
  '/v2/rewriter/ask-ai',
  '/v2/users/data/delete',
  '/v2/users/data/delete/status',
  '/v2/workflow/definitions/{create,delete,get,list,update}',
  '/v2/workflow/executions/{cancel,dispatch,get,getEvents,list}',
  '/v2/workflow/steps/{cancel,recordAgentResolution,recordReviewerDecision,resolve}',
  '/v2/workspace/advancedwebhook/endpoints/{delete,update}',
  '/v2/workspace/advancedwebhook/endpoints/secret/get',
  '/v2/workspace/apikey/update',
  '/v2/workspace/apikeyconfig/{get,update}',
  '/v2/workspace/apikeys/get',
  '/v2/workspace/authtoken/reset',
  '/v2/workspace/domains/{add,delete,get}',
  '/v2/workspace/email/{send-login-link,status}',
  '/v2/workspace/notificationconfig/{get,update}',
  '/v2/workspace/permissionproviderconfig/{get,update}',
  // Served by the real service and planned here; each moves into `routes` when implemented.
];

/** Expands `/a/{b,c}` into `/a/b` and `/a/c`. */
export function expandBraces(pattern: string): string[] {
  const match = /\{([^}]*)\}/.exec(pattern);
  if (!match) return [pattern];
  const [whole, inner = ''] = match;
  return inner.split(',').flatMap((part) => expandBraces(pattern.replace(whole, part)));
}

/** Every path of the real service this emulator answers with 501 UNIMPLEMENTED. */
export const unimplementedPaths: ReadonlySet<string> = new Set(
  UNIMPLEMENTED_PATTERNS.flatMap(expandBraces).filter((path) => !(path in routes)),
);
