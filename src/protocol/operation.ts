import type { z } from 'zod';
import type { ApiKeyRecord, Namespace, WorkspaceRecord } from '../model/entities.js';
import type { ModelContext } from '../model/context.js';
import type { MigrationProgression } from '../model/migrations.js';

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
export type Caller =
  | { level: 'none' }
  | { level: 'workspace'; workspace: WorkspaceRecord }
  | { level: 'apiKey'; key: ApiKeyRecord; ns: Namespace };

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
}

/** What an operation's `run` receives. */
export interface OperationContext<D> {
  data: D;
  caller: Caller;
  model: ModelContext;
  settings: Settings;
  /** The path the call came in on (v1 and v2 aliases share operations). */
  path: string;
}

/** What an operation's `run` returns: an envelope's parts, or a bare result (suggest). */
export type OperationResult =
  | { message: string; data?: unknown; beside?: Record<string, unknown> }
  | { bare: unknown };

/** One operation of the API: its auth level, its request schema and its behaviour. */
export interface Operation<S extends z.ZodType = z.ZodType> {
  auth: AuthLevel;
  schema: S;
  /** Add zod-style `details.issues` to validation failures (the suggestion family does). */
  issueDetails?: boolean;
  run(ctx: OperationContext<z.output<S>>): OperationResult | Promise<OperationResult>;
}

/** Declares an operation with its data type inferred from the schema. @example defineOperation({ auth: 'apiKey', schema, run }) */
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
