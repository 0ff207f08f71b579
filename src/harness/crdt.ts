import type * as Y from 'yjs';
import { ServiceError } from '../errors.js';
import { type EditorAddress, openEditor } from '../model/crdt/registry.js';
import type { ModelContext } from '../model/state/context.js';
import { knownNamespace } from '../model/state/keys.js';

/** Which entry `service.crdt.doc()` opens; `apiKey` defaults to the service's seeded key. */
export interface CrdtDocRequest extends EditorAddress {
  apiKey?: string;
}

/**
 * In-process access to the shared-editor documents of a service.
 * @example const doc = service.crdt.doc({ organizationId: 'org', documentId: 'doc', editorId: 'notes' });
 */
export interface CrdtAccess {
  /**
   * The live `Y.Doc` of an entry: observe it, or edit it (edits show in `/v2/crdt/get`, `lastUpdatedBy` is the
   * transaction origin when it is a string). A missing entry is opened empty and stays invisible to REST
   * until written. Restore and reset destroy the documents they replace; ask again afterwards.
   */
  doc(request: CrdtDocRequest): Y.Doc;
}

/** Builds `service.crdt` over a model. @example createCrdtAccess(model, () => credentials.apiKey) */
export function createCrdtAccess(model: ModelContext, defaultApiKey: () => string): CrdtAccess {
  return {
    doc(request) {
      const apiKey = request.apiKey ?? defaultApiKey();
      for (const field of ['organizationId', 'documentId', 'editorId'] as const) {
        if (typeof request[field] !== 'string' || request[field].trim() === '') {
          throw new ServiceError('INVALID_ARGUMENT', `${field} is required.`);
        }
      }
      const { organizationId, documentId, editorId } = request;
      return openEditor(model, knownNamespace(model, apiKey), { organizationId, documentId, editorId }).doc;
    },
  };
}
