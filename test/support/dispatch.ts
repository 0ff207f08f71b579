import type { DispatchDeps } from '../../src/protocol/dispatch.js';
import { createHooks } from '../../src/protocol/hooks.js';
import type { Operation } from '../../src/protocol/operation.js';
import type { MockService } from '../../src/service.js';

/**
 * Pipeline dependencies that serve `operation` alone, as v2 at `path`, over `service`'s model and settings, with
 * fresh hooks and no control plane. @example dispatch(oneRoute(service, '/boom', boom), call)
 */
export function oneRoute(
  service: MockService,
  path: string,
  operation: Operation,
  onInternalError: DispatchDeps['onInternalError'] = () => undefined,
): DispatchDeps {
  return {
    tables: async () => ({ routes: { [path]: { operation, version: 'v2' } } }),
    model: service.model,
    settings: service.settings,
    control: () => Promise.reject(new Error('no control plane here')),
    hooks: createHooks(),
    onInternalError,
  };
}
