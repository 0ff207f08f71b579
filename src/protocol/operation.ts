import type { z } from 'zod';
import type { MigrationPolicy, MigrationProgression } from '../model/migrations.js';
import type { ModelContext } from '../model/state/context.js';
import type { ApiKeyRecord, Namespace, WorkspaceRecord } from '../model/state/entities.js';
import type { WebhookAllowList } from '../model/webhooks/allow-list.js';
import type { AuthHeaderNames } from './auth-headers.js';

/** Which headers an operation reads (service-facts 2.4). */
export type AuthLevel =
  /** No headers (create workspace). */
  | 'none'
  /** Workspace headers; bad credentials are 403 `Invalid workspace credentials.` (create API key, get auth tokens). */
  | 'workspace'
  /** Workspace headers; unknown id 404, wrong token 401 (get workspace). */
  | 'workspaceRead'
  /** API-key headers. */
  | 'apiKey';

/** Who is calling, as authentication established it. */
export type Caller = { level: 'none' } | { level: 'workspace'; workspace: WorkspaceRecord } | { level: 'apiKey'; key: ApiKeyRecord; ns: Namespace };

/** How migrations advance (service-facts D14): `poll`, `immediate`, `manual`, `clock` or `failing`. */
export type MigrationMode = MigrationProgression;

/** Behaviour switches of one service, fixed at creation. */
export interface Settings {
  /** Authenticated get-workspace calls allowed per workspace per rolling 60 s; 0 disables (D12). */
  workspaceReadLimit: number;
  /** Email domains create-workspace refuses as disposable. */
  disposableEmailDomains: string[];
  /** How migrations advance. */
  migrations: MigrationMode;
  /** Milliseconds per migration state when `migrations` is `clock`. */
  migrationStepMs: number;
  /** The `iss` claim of end-user tokens. */
  issuer: string;
  /** Hosts a login link's `continueUrl` may point at. */
  loginLinkHosts: string[];
  /** `true` (default): delete-all-user-data answers the documented 202 body; `false`: the 200 envelope. */
  userDataDeleteAccepted: boolean;
  /**
   * How documents get/update v2 answer requested documents that do not exist: `documented` = 500 `INTERNAL`
   * with the per-item results in `details`, as the reference shows; `notFound` = the same body as 404 `NOT_FOUND`.
   */
  missingDocuments: MissingDocuments;
  /** The private network destinations webhooks may be delivered to besides loopback and public hosts. */
  webhookAllow: WebhookAllowList;
  /** Origins besides loopback ones whose pages may read API replies (canonical `scheme://host[:port]`). */
  corsOrigins: ReadonlySet<string>;
  /** The four auth header names the service reads (`x-service-api-key`, ... or under `headerPrefix`). */
  authHeaders: AuthHeaderNames;
}

/** The migration progression a service was created with. @example migrationPolicy(settings).mode === 'poll' */
export const migrationPolicy = (settings: Settings): MigrationPolicy => ({ mode: settings.migrations, stepMs: settings.migrationStepMs });

/** See `Settings.missingDocuments`. */
export type MissingDocuments = 'documented' | 'notFound';

/** The API version a route serves; v1 and v2 twins share an operation and differ where the reference says. */
export type ApiVersion = 'v1' | 'v2';

/** What an operation's `run` receives. */
export interface OperationContext<D> {
  data: D;
  /**
   * `data` as the caller sent it, before validation: for operations that store parts of a body as sent (the
   * workflow engine echoes nodes and edges byte for byte; a schema's output lists keys in the schema's order).
   */
  raw: unknown;
  caller: Caller;
  model: ModelContext;
  settings: Settings;
  /** The version of the route the call came in on, as the route table declares it. */
  version: ApiVersion;
  /** Where the caller reached the service (`https://collab-service.test`, `http://127.0.0.1:4780`): URLs it mints start here. */
  baseUrl: string;
}

/** What an operation's `run` returns: the envelope's `data`, and cursor fields that sit beside it. */
export interface OperationOutput {
  data?: unknown;
  beside?: Record<string, unknown>;
  /** This reply's success message, where the reference words it differently per call (one folder, grouped form, v1 path, e-mail status). */
  message?: string;
  /** A body sent as is, outside the envelope, with its HTTP status (the 202 of delete-all-user-data). */
  unwrapped?: { status: number; body: unknown };
}

/** One operation of the API, declared once: enough for the pipeline, the coverage table and an API description. */
export interface Operation<S extends z.ZodType = z.ZodType> {
  auth: AuthLevel;
  /** A few words for API descriptions, e.g. `Add users`. */
  summary: string;
  /** The success message, written once; `null` for operations whose reply is a bare `{result}` (suggest). */
  message: string | null;
  schema: S;
  /** A schema of the reply's `data`, where one is declared. */
  result?: z.ZodType;
  /** Add zod-style `details.issues` to validation failures (the suggestion family does). */
  issueDetails?: boolean;
  /**
   * The INVALID_ARGUMENT message for a missing auth token where an area words it differently from service-facts 2.4
   * (the workflow engine: `Auth token is required`).
   */
  missingTokenMessage?: string;
  run(ctx: OperationContext<z.output<S>>): OperationOutput | Promise<OperationOutput>;
}

/** One line of the route table: the operation and the version its path serves. */
export interface Route {
  operation: Operation;
  version: ApiVersion;
}

/** Declares an operation with its data type inferred from the schema. @example defineOperation({ auth: 'apiKey', summary, message, schema, run }) */
export function defineOperation<S extends z.ZodType>(op: Operation<S>): Operation<S> {
  return op;
}

/** The namespace of an API-key caller; operations declared `apiKey` always have one. */
export function namespaceOf(caller: Caller): Namespace {
  if (caller.level !== 'apiKey') throw new Error('This operation needs an API-key caller.');
  return caller.ns;
}

/** The workspace of a workspace-level caller. */
export function workspaceOf(caller: Caller): WorkspaceRecord {
  if (caller.level !== 'workspace') throw new Error('This operation needs a workspace caller.');
  return caller.workspace;
}

/** The API key record of an API-key caller. */
export function apiKeyOf(caller: Caller): ApiKeyRecord {
  if (caller.level !== 'apiKey') throw new Error('This operation needs an API-key caller.');
  return caller.key;
}
