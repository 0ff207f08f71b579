import { ServiceError } from '../errors.js';
import type { StateFile } from '../model/state/state-file.js';
import { json } from '../protocol/envelope.js';
import { type ControlHandler, namespaceFor, RawReply } from './context.js';

/** `GET /__mock/health`: the service answers. */
export const health: ControlHandler = () => ({ status: 'ok' });

/** `GET /__mock/credentials`: the seeded workspace and API-key credentials. */
export const credentials: ControlHandler = (deps) => deps.credentials();

/** `GET /__mock/state`: exactly the bytes of `service.exportState()`. */
export const exportState: ControlHandler = (deps) => {
  const reply = json(200, null);
  return new RawReply({ ...reply, body: deps.exportState() });
};

/** `POST /__mock/state`: replaces the state with an exported one, which becomes the starting state. */
export const importState: ControlHandler = (deps, { body }) => {
  try {
    // The state format has its own reader, which names what is wrong with a file.
    deps.importState(body as StateFile);
  } catch (error) {
    throw new ServiceError('INVALID_ARGUMENT', (error as Error).message);
  }
  return { status: 'ok' };
};

/** `POST /__mock/reset`: back to the starting state. */
export const reset: ControlHandler = (deps) => {
  deps.reset();
  return { status: 'ok' };
};

/** `GET /__mock/signing-secret?apiKey=`: the HS256 secret that signs a key's end-user tokens. */
export const signingSecret: ControlHandler = (deps, { query }) => {
  const { apiKey } = namespaceFor(deps, query.get('apiKey'));
  return { apiKey, algorithm: 'HS256', secret: deps.model.store.tables.apiKeys.get(apiKey)?.signingSecret };
};
