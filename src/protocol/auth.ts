import { ServiceError } from '../errors.js';
import type { ModelContext } from '../model/state/context.js';
import { type ApiCall, header } from './call.js';
import type { AuthLevel, Caller } from './operation.js';

const missing = (message: string): ServiceError => new ServiceError('INVALID_ARGUMENT', message);
const present = (value: string | undefined): value is string => value !== undefined && value !== '';

/**
 * Establishes the caller for an operation's auth level, with the verbatim messages of service-facts 2.4.
 * Order: id/key header present, token header present, id/key known, token matches.
 * @example const caller = authenticate(call, 'apiKey', model);
 */
export function authenticate(call: ApiCall, level: AuthLevel, model: ModelContext): Caller {
  if (level === 'none') return { level: 'none' };
  const { tables } = model.store;
  if (level === 'apiKey') {
    const apiKey = header(call, 'x-service-api-key');
    const token = header(call, 'x-service-auth-token');
    if (!present(apiKey)) throw missing('API key not found in headers.');
    if (!present(token)) throw missing('Auth Token not found in headers.');
    return apiKeyCaller(model, apiKey, token);
  }
  const workspaceId = header(call, 'x-service-workspace-id');
  const token = header(call, 'x-service-workspace-auth-token');
  if (!present(workspaceId)) throw missing('Workspace ID not found in headers.');
  if (!present(token)) throw missing('Auth Token not found in headers.');
  const workspace = tables.workspaces.get(workspaceId);
  if (level === 'workspaceRead') {
    if (!workspace) throw new ServiceError('NOT_FOUND', 'Workspace not found.');
    if (workspace.authToken !== token) throw new ServiceError('UNAUTHENTICATED', 'Invalid auth token for workspace.');
  } else if (!workspace || workspace.authToken !== token) {
    throw new ServiceError('PERMISSION_DENIED', 'Invalid workspace credentials.');
  }
  return { level: 'workspace', workspace };
}

/** Checks an API key and one of its auth tokens (headers, or `apiKey`/`authToken` inside `data`). */
export function apiKeyCaller(model: ModelContext, apiKey: string, token: string): Caller {
  const key = model.store.tables.apiKeys.get(apiKey);
  if (!key) throw new ServiceError('PERMISSION_DENIED', 'Invalid API key.');
  if (!key.authTokens.some((t) => t.token === token)) throw new ServiceError('PERMISSION_DENIED', 'Invalid auth token for API key.');
  return { level: 'apiKey', key, ns: model.store.namespace(apiKey) };
}
