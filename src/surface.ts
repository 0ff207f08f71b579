import type { Coverage } from './coverage.js';
import type { OpenApiDocument } from './openapi.js';

/** The served surface (`served.ts`): route tables, control plane, coverage and the OpenAPI document. */
export type Served = typeof import('./served.js');

/** The route table (`routes.ts`): the core areas' operations with their schemas, and the lines of the lazy areas. */
export type RouteTable = typeof import('./routes.js');

/** The control plane under `/__mock/*` (`control/runner.ts`). */
export type ControlPlane = typeof import('./control/runner.js');

let loading: Promise<Served> | undefined;
let routeTable: Promise<RouteTable> | undefined;
let controlPlane: Promise<ControlPlane> | undefined;

/**
 * Loads the whole served surface once per process (route table, control plane, coverage, OpenAPI document), for
 * what describes all of it, so `import('collab-service-mock')` does not build every operation's schema up front.
 * @example const { routes } = await loadServed();
 */
export function loadServed(): Promise<Served> {
  loading ??= import('./served.js');
  return loading;
}

/**
 * Loads the route table once per process, on the first API call (like `jose` and `yjs`): the first call of a page
 * loads neither the control plane nor the areas it never calls.
 * @example const { routes } = await loadRouteTable();
 */
export function loadRouteTable(): Promise<RouteTable> {
  routeTable ??= import('./routes.js');
  return routeTable;
}

/**
 * Loads the control plane once per process, on the first `/__mock/*` call.
 * @example const { runControl } = await loadControlPlane();
 */
export function loadControlPlane(): Promise<ControlPlane> {
  controlPlane ??= import('./control/runner.js');
  return controlPlane;
}

/**
 * Hands one service's calls what they wait for on first use (the route table, the control plane) in the order the
 * calls arrived: a call whose part has loaded still waits behind an earlier call waiting for its own, so no call
 * overtakes another because their chunks load at different speeds. Once nothing is waited for, a loaded part is
 * handed over at once.
 * @example const inTurn = firstUseInOrder(); const tables = await inTurn(loaded, () => loadRouteTable());
 */
export function firstUseInOrder(): <T>(ready: T | undefined, load: () => Promise<T>) => T | Promise<T> {
  let last: Promise<void> | undefined;
  return <T>(ready: T | undefined, load: () => Promise<T>): T | Promise<T> => {
    if (ready !== undefined && last === undefined) return ready;
    const before = last;
    const loaded = ready !== undefined ? Promise.resolve(ready) : load();
    const mine = before ? Promise.all([before, loaded]).then(([, value]) => value) : loaded;
    const settled = mine.then(
      () => undefined,
      () => undefined,
    );
    last = settled;
    void settled.then(() => {
      if (last === settled) last = undefined;
    });
    return mine;
  };
}

/**
 * What this emulator serves: path, version, auth and summary of each operation.
 * @example (await coverage()).served.find((p) => p.path === '/v2/users/add')?.summary === 'Add users'
 */
export async function coverage(): Promise<Coverage> {
  const served = await loadServed();
  return served.coverage(await served.loadRoutes());
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
  const served = await loadServed();
  return served.openapiText(await served.loadRoutes(), headerPrefix);
}
