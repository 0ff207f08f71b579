import type { ApiVersion, AuthLevel } from './protocol/operation.js';
import { routes } from './routes.js';

/** One served path of the API. */
export interface ServedPath {
  path: string;
  version: ApiVersion;
  /** Which headers the operation reads. */
  auth: AuthLevel;
  summary: string;
  /** The first path in the table served by the same operation (a v1/v2 twin), if this is not it. */
  sameAs?: string;
}

/** What this emulator serves: every documented path of the real service. */
export interface Coverage {
  served: ServedPath[];
}

/**
 * The route table as data: every served path with its operation's summary.
 * @example coverage().served.find((p) => p.path === '/v2/users/add')?.summary === 'Add users'
 */
export function coverage(): Coverage {
  const first = new Map<unknown, string>();
  const served = Object.entries(routes).map(([path, { operation, version }]): ServedPath => {
    const sameAs = first.get(operation);
    if (sameAs === undefined) first.set(operation, path);
    const entry: ServedPath = { path, version, auth: operation.auth, summary: operation.summary };
    if (sameAs !== undefined) entry.sameAs = sameAs;
    return entry;
  });
  return { served };
}
