import { ServiceError } from '../errors.js';
import type { ControlHandler } from './context.js';

/**
 * `GET /__mock/yjs/{apiKey}/{organizationId}/{documentId}/{editorId}`: the live sync endpoint of shared
 * editors. The standalone server upgrades it to a y-websocket connection; a plain request is told so.
 */
export const syncEndpoint: ControlHandler = () => {
  throw new ServiceError(
    'FAILED_PRECONDITION',
    'This is the shared-editor sync endpoint: connect with a y-websocket client (WebSocket upgrade) to the standalone server.',
    undefined,
    426,
  );
};
