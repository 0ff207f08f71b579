import { json } from '../protocol/envelope.js';
import { RawReply, type ControlHandler } from './context.js';

/** `GET /__mock/openapi.json`: the OpenAPI 3.1 document of every served path (`openapi()`). */
export const document: ControlHandler = (deps) => new RawReply({ ...json(200, null), body: deps.openapi() });
