import type { Client, Reply } from './transports.js';

/** Sends a control call through the client's transport: a JSON body when one is given (a string is sent as is). */
export function control(c: Client, method: string, path: string, body?: unknown): Promise<Reply> {
  const text = body === undefined ? '' : typeof body === 'string' ? body : JSON.stringify(body);
  return c.raw({ method, path, headers: text === '' ? {} : { 'content-type': 'application/json' }, body: text });
}
