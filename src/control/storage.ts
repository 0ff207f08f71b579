import { ServiceError } from '../errors.js';
import { uploadToken } from '../harness/knowledge.js';
import { storeUpload } from '../model/knowledge/uploads.js';
import { downloadSignature, type StoredFile } from '../model/knowledge/urls.js';
import type { KnowledgeSource } from '../model/state/records/knowledge.js';
import { header } from '../protocol/call.js';
import { type ControlHandler, RawReply } from './context.js';

const encoder = new TextEncoder();
const lenient = new TextDecoder();

/** `PUT /__mock/storage/uploads/{token}`: the upload target upload-url mints; the token is the credential. */
export const upload: ControlHandler = (deps, { call }) => {
  const bytes = call.bytes ?? encoder.encode(call.body);
  return storeUpload(deps.model, uploadToken(call.path.split('?')[0] ?? ''), header(call, 'content-type'), bytes);
};

const denied = (message: string) => new ServiceError('PERMISSION_DENIED', message);

/**
 * `GET /__mock/storage/knowledge/{sourceId}/{original|canonical}?expires=&sig=`: the target of the signed download URLs:
 * the original bytes with the source's type, or the canonical markdown; 403 once expired or badly signed, 404 once the
 * source is gone.
 */
export const download: ControlHandler = (deps, { call, query }) => {
  const [, , , , sourceId = '', kind = ''] = (call.path.split('?')[0] ?? '').split('/');
  if (kind !== 'original' && kind !== 'canonical') throw new ServiceError('NOT_FOUND', `No stored file ${kind}; a source has original and canonical.`);
  const expires = Number(query.get('expires'));
  const sig = query.get('sig') ?? '';
  const { apiKeys, namespaces } = deps.model.store.tables;
  let owner: string | undefined;
  for (const key of apiKeys.values()) {
    if (Number.isSafeInteger(expires) && downloadSignature(key.signingSecret, sourceId, kind as StoredFile, expires) === sig) owner = key.apiKey;
  }
  if (owner === undefined) throw denied('This download URL is not signed by the service; read a fresh one from ingest-status or list.');
  if (deps.model.clock.now() > expires) {
    throw denied(`This download URL expired at ${new Date(expires).toISOString()}; read a fresh one from ingest-status or list.`);
  }
  const source: KnowledgeSource | undefined = namespaces.get(owner)?.knowledge?.sources.get(sourceId);
  if (source?.embeddingStatus !== 'completed') throw new ServiceError('NOT_FOUND', `Knowledge source ${sourceId} is gone or has no file to serve.`);
  if (kind === 'canonical') {
    return new RawReply({ status: 200, headers: { 'content-type': 'text/markdown; charset=utf-8' }, body: source.markdown });
  }
  const bytes = source.original ?? new Uint8Array();
  return new RawReply({ status: 200, headers: { 'content-type': source.mimeType }, body: lenient.decode(bytes), bytes });
};
