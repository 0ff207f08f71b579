import { ServiceError } from '../../errors.js';
import type { ModelContext } from './context.js';
import type { Namespace } from './entities.js';

/**
 * The namespace of a known API key: the one lookup every in-process surface and control route uses, so an
 * unknown key answers one status with one message everywhere. An unknown key is refused rather than filled
 * with data no API call could reach.
 * @example const ns = knownNamespace(ctx, body.apiKey ?? credentials.apiKey);
 */
export function knownNamespace(ctx: ModelContext, apiKey: string): Namespace {
  assertKnownKey(ctx, apiKey);
  return ctx.store.namespace(apiKey);
}

/** Refuses an API key the service does not know, with the one message of `knownNamespace`; creates nothing. */
export function assertKnownKey(ctx: ModelContext, apiKey: string): void {
  if (!ctx.store.tables.apiKeys.has(apiKey)) {
    throw new ServiceError('NOT_FOUND', `Unknown API key ${apiKey}; GET /__mock/credentials shows the default key.`);
  }
}
