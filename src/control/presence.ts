import { ServiceError } from '../errors.js';
import { listLiveState, listPresence } from '../model/presence.js';
import { type ControlHandler, type ControlRequest, namespaceFor } from './context.js';

function documentOf(query: URLSearchParams, path: string): { organizationId: string; documentId: string } {
  const organizationId = query.get('organizationId');
  const documentId = query.get('documentId');
  if (!organizationId || !documentId) {
    throw new ServiceError('INVALID_ARGUMENT', `organizationId and documentId are required, e.g. GET ${path}?organizationId=org1&documentId=doc1.`);
  }
  return { organizationId, documentId };
}

/** `GET /__mock/presence?organizationId=&documentId=`: who the REST presence operations show on a document (live entries). */
export const presence: ControlHandler = (deps, { query }: ControlRequest) => {
  const ref = documentOf(query, '/__mock/presence');
  const ns = namespaceFor(deps, query.get('apiKey'));
  return { apiKey: ns.apiKey, ...ref, users: listPresence(deps.model, ns, ref) };
};

/** `GET /__mock/livestate?organizationId=&documentId=`: the latest broadcast value of each live-state key. */
export const liveState: ControlHandler = (deps, { query }: ControlRequest) => {
  const ref = documentOf(query, '/__mock/livestate');
  const ns = namespaceFor(deps, query.get('apiKey'));
  return { apiKey: ns.apiKey, ...ref, liveState: listLiveState(ns, ref) };
};
