import { ServiceError } from '../../errors.js';
import { beforeAny } from '../../support/text.js';
import type { ModelContext } from '../state/context.js';
import type { ApiKeyRecord, AuthTokenRecord, WorkspaceRecord } from '../state/entities.js';

/**
 * The bare form the service stores an allowed domain in (beyond-spec 3.18): lower case, no scheme, no leading
 * `www.`, no path, query, fragment or trailing `/`; a port and a `*.` wildcard stay.
 * @example normaliseDomain('https://www.Example.com:8080/app?x=1') === 'example.com:8080'
 */
export function normaliseDomain(input: string): string {
  let domain = input
    .trim()
    .toLowerCase()
    .replace(/^[a-z][a-z0-9+.-]*:\/\//, '');
  domain = beforeAny(domain, '/?#');
  return domain.replace(/^www\./, '');
}

/** The normalised domains of a request, first occurrence kept. */
function normaliseAll(domains: readonly string[]): string[] {
  return [...new Set(domains.map(normaliseDomain))];
}

/** What adding or removing domains did: the domains changed and those skipped. */
export interface DomainChange {
  changed: string[];
  skipped: string[];
}

/**
 * Adds domains to a key's allowed list; ones already there are skipped (the caller turns skips into the
 * documented partial-failure error, after the others were added).
 * @example addDomains(ctx, key, ['https://www.example.com']).changed // ['example.com']
 */
export function addDomains(ctx: ModelContext, key: ApiKeyRecord, domains: readonly string[]): DomainChange {
  const present = new Set(key.allowedDomains);
  const out: DomainChange = { changed: [], skipped: [] };
  for (const domain of normaliseAll(domains)) {
    if (present.has(domain)) out.skipped.push(domain);
    else {
      ctx.store.undo.push(key.allowedDomains, domain);
      present.add(domain);
      out.changed.push(domain);
    }
  }
  return out;
}

/** Removes domains from a key's allowed list; ones not there are skipped. @example removeDomains(ctx, key, ['example.com']) */
export function removeDomains(ctx: ModelContext, key: ApiKeyRecord, domains: readonly string[]): DomainChange {
  const wanted = normaliseAll(domains);
  const present = new Set(key.allowedDomains);
  const out: DomainChange = { changed: wanted.filter((d) => present.has(d)), skipped: wanted.filter((d) => !present.has(d)) };
  const gone = new Set(out.changed);
  if (gone.size > 0)
    ctx.store.undo.assign(
      key,
      'allowedDomains',
      key.allowedDomains.filter((d) => !gone.has(d)),
    );
  return out;
}

/** An API key of a workspace by id, or 404 `API key not found.` when the workspace has no such key. */
export function workspaceKey(ctx: ModelContext, workspace: WorkspaceRecord, apiKey: string): ApiKeyRecord {
  const key = ctx.store.tables.apiKeys.get(apiKey);
  if (!key || key.workspaceId !== workspace.id) throw new ServiceError('NOT_FOUND', 'API key not found.');
  return key;
}

/** One row of get API keys (beyond-spec 3.21). */
export interface ApiKeySummary {
  id: string;
  apiKeyName: string;
  type: 'testing' | 'production';
}

/**
 * A page of a workspace's keys in creation order, after `afterId` when given; `filter` keeps only those ids.
 * @example listWorkspaceKeys(ctx, ws, { size: 100 }).page[0]?.id
 */
export function listWorkspaceKeys(
  ctx: ModelContext,
  workspace: WorkspaceRecord,
  query: { size: number; afterId?: string | undefined; filter?: readonly string[] | undefined },
): { page: ApiKeySummary[]; more: boolean } {
  let start = 0;
  if (query.afterId !== undefined) {
    const index = workspace.apiKeys.indexOf(query.afterId);
    if (index < 0) throw new ServiceError('INVALID_ARGUMENT', 'Invalid pageToken.');
    start = index + 1;
  }
  const wanted = query.filter ? new Set(query.filter) : undefined;
  const page: ApiKeySummary[] = [];
  for (let i = start; i < workspace.apiKeys.length; i++) {
    const id = workspace.apiKeys[i] as string;
    if (wanted && !wanted.has(id)) continue;
    const key = ctx.store.tables.apiKeys.get(id);
    if (!key) continue;
    if (page.length === query.size) return { page, more: true };
    page.push({ id: key.apiKey, apiKeyName: key.apiKeyName, type: key.type });
  }
  return { page, more: false };
}

/**
 * Replaces every auth token of a key with one new `Default Auth Token`; the old ones stop working at once.
 * @example resetAuthToken(ctx, key).token
 */
export function resetAuthToken(ctx: ModelContext, key: ApiKeyRecord): AuthTokenRecord {
  const token: AuthTokenRecord = { token: ctx.ids.authToken(), name: 'Default Auth Token', domains: [] };
  ctx.store.undo.assign(key, 'authTokens', [token]);
  return structuredClone(token);
}

/**
 * Renames an API key, through the undo log (a rename is undone by reset, restore and a refused call like any write).
 * @example renameApiKey(ctx, key, 'Staging');
 */
export function renameApiKey(ctx: ModelContext, key: ApiKeyRecord, apiKeyName: string): void {
  ctx.store.undo.assign(key, 'apiKeyName', apiKeyName);
}
