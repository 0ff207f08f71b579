import { ServiceError } from '../errors.js';
import type { Namespace } from '../model/entities.js';
import type { ControlDeps } from './control.js';

/**
 * The namespace of a known API key named in a control body, or of the default key when none is named.
 * @example const ns = keyNamespace(deps, body.apiKey);
 */
export function keyNamespace(deps: ControlDeps, apiKey: string | undefined): Namespace {
  const key = apiKey ?? deps.credentials().apiKey;
  if (!deps.model.store.tables.apiKeys.has(key)) {
    throw new ServiceError('NOT_FOUND', `Unknown API key ${key}; GET /__mock/credentials shows the default key.`);
  }
  return deps.model.store.namespace(key);
}
