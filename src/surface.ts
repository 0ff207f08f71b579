import type { Coverage } from './coverage.js';
import type { OpenApiDocument } from './openapi.js';

/** The served surface (`served.ts`): route tables, control plane, coverage and the OpenAPI document. */
export type Served = typeof import('./served.js');

let loading: Promise<Served> | undefined;

/**
 * Loads the served surface once per process, on the first call that needs it (like `jose` and `yjs`), so
 * `import('collab-service-mock')` does not build every operation's schema up front.
 * @example const { routes } = await loadServed();
 */
export function loadServed(): Promise<Served> {
  loading ??= import('./served.js');
  return loading;
}

/**
 * What this emulator serves: path, version, auth and summary of each operation.
 * @example (await coverage()).served.find((p) => p.path === '/v2/users/add')?.summary === 'Add users'
 */
export async function coverage(): Promise<Coverage> {
  return (await loadServed()).coverage();
}

/**
 * The OpenAPI 3.1 description of everything this emulator serves, generated from the route table (each
 * operation's summary, auth, zod request schema and success message) and the control table. A fresh copy on every call.
 * `headerPrefix` names the auth headers as a service created with the same option reads them.
 * @example (await openapi({ headerPrefix: 'x-acme-' })).components
 */
export async function openapi(options: { headerPrefix?: string } = {}): Promise<OpenApiDocument> {
  return JSON.parse(await openapiText(options.headerPrefix)) as OpenApiDocument;
}

/** The OpenAPI document as text, for `GET /__mock/openapi.json` and the committed `openapi.json`. */
export async function openapiText(headerPrefix?: string): Promise<string> {
  return (await loadServed()).openapiText(headerPrefix);
}
