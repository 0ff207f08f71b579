import * as activities from './operations/activities.js';
import * as auth from './operations/auth.js';
import * as comments from './operations/comments/index.js';
import * as crdt from './operations/crdt.js';
import * as documents from './operations/documents.js';
import * as folders from './operations/folders.js';
import * as groups from './operations/groups.js';
import * as locations from './operations/locations.js';
import * as memory from './operations/memory.js';
import * as migrations from './operations/migrations.js';
import * as notifications from './operations/notifications.js';
import * as organizations from './operations/organizations.js';
import * as permissions from './operations/permissions.js';
import * as users from './operations/users.js';
import * as webhooks from './operations/webhooks.js';
import * as workspaceConfig from './operations/workspace-config.js';
import * as workspaces from './operations/workspaces.js';
import type { Operation, Route } from './protocol/operation.js';

const v1 = (operation: Operation): Route => ({ operation, version: 'v1' });
const v2 = (operation: Operation): Route => ({ operation, version: 'v2' });

/** THE route table: one line per served path, with the API version it serves (v1/v2 twins of D15 included). */
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
  '/v2/organizations/documents/migrate': v2(migrations.start),
  '/v2/organizations/documents/migrate/status': v2(migrations.status),
  '/v2/notifications/add': v2(notifications.add),
  '/v2/notifications/delete': v2(notifications.remove),
  '/v2/notifications/get': v2(notifications.get),
  '/v2/notifications/config/get': v2(notifications.getConfig),
  '/v2/notifications/config/set': v2(notifications.setConfig),
  '/v2/crdt/add': v2(crdt.add),
  '/v2/crdt/get': v2(crdt.get),
  '/v2/crdt/update': v2(crdt.update),
  '/v2/crdt/delete': v2(crdt.remove),
  '/v2/workspace/emailconfig/get': v2(workspaceConfig.getEmail),
  '/v2/workspace/emailconfig/update': v2(workspaceConfig.updateEmail),
  '/v2/workspace/webhookconfig/get': v2(workspaceConfig.getWebhook),
  '/v2/workspace/webhookconfig/update': v2(workspaceConfig.updateWebhook),
  '/v2/workspace/activityconfig/get': v2(workspaceConfig.getActivity),
  '/v2/workspace/activityconfig/update': v2(workspaceConfig.updateActivity),
  '/v2/workspace/advancedwebhookconfig/get': v2(webhooks.getConfig),
  '/v2/workspace/advancedwebhookconfig/update': v2(webhooks.updateConfig),
  '/v2/workspace/advancedwebhook/endpoints/get': v2(webhooks.getEndpoints),
  '/v2/workspace/advancedwebhook/endpoints/create': v2(webhooks.createEndpoint),
  '/v2/workspace/advancedwebhook/endpoints/update': v2(webhooks.updateEndpoint),
  '/v2/workspace/advancedwebhook/endpoints/delete': v2(webhooks.deleteEndpoint),
  '/v2/workspace/advancedwebhook/endpoints/secret/get': v2(webhooks.getEndpointSecret),
  '/v2/activities/update': v2(activities.update),
  '/v2/memory/suggest': v2(memory.suggest),
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
  '/v2/commentannotations/comments/add': v2(comments.replies.add),
  '/v1/commentannotations/comments/add': v1(comments.replies.add),
  '/v2/commentannotations/comments/get': v2(comments.replies.get),
  '/v1/commentannotations/comments/get': v1(comments.replies.get),
  '/v2/commentannotations/comments/update': v2(comments.replies.update),
  '/v1/commentannotations/comments/update': v1(comments.replies.update),
  '/v2/commentannotations/comments/delete': v2(comments.replies.remove),
  '/v1/commentannotations/comments/delete': v1(comments.replies.remove),
};
