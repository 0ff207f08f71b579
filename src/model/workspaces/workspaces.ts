import type { ModelContext } from '../state/context.js';
import type { ApiKeyRecord, WorkspacePlan, WorkspaceRecord } from '../state/entities.js';

/** The name of a key made for `owner@example.com`: `Owner Test API Key` (service-facts 3.1, 3.2). */
function defaultKeyName(ownerEmail: string, type: 'testing' | 'production'): string {
  const local = ownerEmail.split('@')[0] ?? ownerEmail;
  const capitalised = local.charAt(0).toUpperCase() + local.slice(1);
  return `${capitalised} ${type === 'testing' ? 'Test' : 'Production'} API Key`;
}

/** What `createWorkspace` needs; absent names fall back to the owner's email (service-facts 3.1). */
export interface NewWorkspace {
  ownerEmail: string;
  name?: string;
  workspaceName?: string;
  avatar?: string;
  plan?: Partial<WorkspacePlan>;
  /** Values to use instead of generated ones (drawn all the same, so every later id stays as it would be). */
  fixed?: { workspaceId?: string; workspaceAuthToken?: string; apiKey?: string; authToken?: string };
}

/** The plan of a workspace nobody configured: unpaid, so it cannot hold production keys. */
const DEFAULT_PLAN: WorkspacePlan = {
  paid: false,
  selfServeProduction: false,
  maxProductionKeys: 3,
  advancedWebhooksAvailable: true,
};

/** Creates a workspace with its owner, one testing key and that key's default auth token. */
export function createWorkspace(ctx: ModelContext, input: NewWorkspace): { workspace: WorkspaceRecord; apiKey: ApiKeyRecord } {
  const { ids, clock, store } = ctx;
  const ownerName = input.name ?? input.ownerEmail;
  const fixed = input.fixed ?? {};
  const id = ids.alnum(20);
  const workspace: WorkspaceRecord = {
    id: fixed.workspaceId ?? id,
    name: input.workspaceName ?? `${ownerName} workspace`,
    owner: { email: input.ownerEmail, id: ids.alnum(28), name: ownerName, avatar: input.avatar ?? '' },
    authToken: pick(fixed.workspaceAuthToken, ids.authToken()),
    apiKeys: [],
    plan: { ...DEFAULT_PLAN, ...input.plan },
    recentReads: [],
    createdAt: clock.now(),
  };
  store.undo.set(store.tables.workspaces, workspace.id, workspace);
  const apiKey = createApiKey(ctx, workspace, {
    ownerEmail: input.ownerEmail,
    type: 'testing',
    createAuthToken: true,
    ...(fixed.apiKey !== undefined ? { apiKey: fixed.apiKey } : {}),
    ...(fixed.authToken !== undefined ? { authToken: fixed.authToken } : {}),
  });
  return { workspace, apiKey };
}

/** A given value, or the generated one (drawn either way). */
const pick = (given: string | undefined, drawn: string): string => given ?? drawn;

/** What `createApiKey` needs; regions apply to production keys only. */
export interface NewApiKey {
  ownerEmail: string;
  type: 'testing' | 'production';
  apiKeyName?: string;
  createAuthToken?: boolean;
  allowedDomains?: string[];
  persistenceDBRegion?: string;
  realtimeDBRegion?: string;
  settings?: Record<string, boolean>;
  /** The key to use instead of a generated one (one is drawn all the same). */
  apiKey?: string;
  /** The default auth token to use instead of a generated one (with `createAuthToken`). */
  authToken?: string;
}

/** Adds an API key to a workspace; with `createAuthToken` it gets a `Default Auth Token` at once. */
export function createApiKey(ctx: ModelContext, workspace: WorkspaceRecord, input: NewApiKey): ApiKeyRecord {
  const { ids, clock, store } = ctx;
  const record: ApiKeyRecord = {
    apiKey: pick(input.apiKey, ids.apiKey()),
    workspaceId: workspace.id,
    apiKeyName: input.apiKeyName ?? defaultKeyName(input.ownerEmail, input.type),
    type: input.type,
    ownerEmail: input.ownerEmail,
    authTokens: [],
    signingSecret: ids.hex(64),
    allowedDomains: [...(input.allowedDomains ?? [])],
    settings: { ...input.settings },
    createdAt: clock.now(),
  };
  if (input.type === 'production') {
    record.persistenceDBRegion = input.persistenceDBRegion ?? 'nam5';
    record.realtimeDBRegion = input.realtimeDBRegion ?? 'us-central1';
  }
  if (input.createAuthToken) record.authTokens.push({ token: pick(input.authToken, ids.authToken()), name: 'Default Auth Token', domains: [] });
  store.undo.set(store.tables.apiKeys, record.apiKey, record);
  store.undo.push(workspace.apiKeys, record.apiKey);
  store.namespace(record.apiKey);
  return record;
}

/** Counts the production keys of a workspace. */
export function productionKeyCount(ctx: ModelContext, workspace: WorkspaceRecord): number {
  return workspace.apiKeys.filter((key) => ctx.store.tables.apiKeys.get(key)?.type === 'production').length;
}

/** The get-workspace view: `{id, name, owner, authToken, apiKeyList}` with `apiKeyList` keyed by key. */
export function workspaceView(ctx: ModelContext, workspace: WorkspaceRecord): Record<string, unknown> {
  const apiKeyList: Record<string, { apiKeyName: string; id: string; type: string }> = {};
  for (const key of workspace.apiKeys) {
    const record = ctx.store.tables.apiKeys.get(key);
    if (record) apiKeyList[key] = { apiKeyName: record.apiKeyName, id: record.apiKey, type: record.type };
  }
  return { id: workspace.id, name: workspace.name, owner: { ...workspace.owner }, authToken: workspace.authToken, apiKeyList };
}

/** Workspaces owned by an email address, oldest first. */
export function workspacesOwnedBy(ctx: ModelContext, ownerEmail: string): WorkspaceRecord[] {
  const email = ownerEmail.toLowerCase();
  return [...ctx.store.tables.workspaces.values()].filter((w) => w.owner.email.toLowerCase() === email);
}

/**
 * Records one authenticated read for the rolling 60-second window; false when the limit is already reached.
 * A limit of 0 disables the check.
 */
export function admitRead(ctx: ModelContext, workspace: WorkspaceRecord, limit: number, windowMs = 60_000): boolean {
  if (limit <= 0) return true;
  const now = ctx.clock.now();
  const recent = workspace.recentReads.filter((t) => t > now - windowMs);
  // A refused read leaves the record untouched, so refusals never count against the window.
  if (recent.length >= limit) return false;
  recent.push(now);
  ctx.store.undo.assign(workspace, 'recentReads', recent);
  return true;
}
