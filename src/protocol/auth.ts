import { ServiceError } from '../errors.js';
import type { ModelContext } from '../model/state/context.js';
import { type AuthHeaderNames, authHeaderNames } from './auth-headers.js';
import { type ApiCall, header } from './call.js';
import type { AuthLevel, Caller } from './operation.js';

const missing = (message: string): ServiceError => new ServiceError('INVALID_ARGUMENT', message);
const present = (value: string | undefined): value is string => value !== undefined && value !== '';

const DEFAULT_NAMES = authHeaderNames();

/**
 * Establishes the caller for an operation's auth level, with the verbatim messages of service-facts 2.4 (an area
 * may word a missing API-key auth token its own way). Order: id/key header present, token header present, id/key
 * known, token matches. The header names are the service's (`x-service-api-key`, ... unless `headerPrefix` renamed them).
 * @example const caller = authenticate(call, 'apiKey', model, settings.authHeaders);
 */
export function authenticate(
  call: ApiCall,
  level: AuthLevel,
  model: ModelContext,
  names: AuthHeaderNames = DEFAULT_NAMES,
  missingToken = 'Auth Token not found in headers.',
): Caller {
  if (level === 'none') return { level: 'none' };
  const { tables } = model.store;
  if (level === 'apiKey') {
    const apiKey = header(call, names.apiKey);
    const token = header(call, names.authToken);
    if (!present(apiKey)) throw missing('API key not found in headers.');
    if (!present(token)) throw missing(missingToken);
    return apiKeyCaller(model, apiKey, token);
  }
  const workspaceId = header(call, names.workspaceId);
  const token = header(call, names.workspaceAuthToken);
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
  if (!hasToken(key.authTokens, token)) throw new ServiceError('PERMISSION_DENIED', 'Invalid auth token for API key.');
  return { level: 'apiKey', key, ns: model.store.namespace(apiKey) };
}

/** Whether a key's tokens include `token` (a loop: this runs on every API-key call). */
function hasToken(tokens: readonly { token: string }[], token: string): boolean {
  for (const t of tokens) if (t.token === token) return true;
  return false;
}
