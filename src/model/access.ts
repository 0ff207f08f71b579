import type { AccessType, DocumentRecord, FolderRecord, OrganizationRecord, UserRecord } from './state/entities.js';

/** What a user may do with a document or folder. */
export type AccessRole = 'viewer' | 'editor';

/** The access type of a container that sets none and inherits from nothing (the workspace default). */
export const DEFAULT_ACCESS_TYPE: AccessType = 'public';

/** A resource of an end-user token (`generate_token` permissions): a grant that lives as long as the token. */
export interface TokenGrant {
  type: 'organization' | 'folder' | 'document';
  id: string;
  organizationId?: string | undefined;
  accessRole?: AccessRole | undefined;
  /** Unix seconds. */
  expiresAt?: number | undefined;
}

/** Who asks, and when. */
export interface AccessQuery {
  userId: string;
  /** Milliseconds on the service clock; grants whose `expiresAt` has passed count as absent. */
  now: number;
  /**
   * The user is known to be signed in to the app (an end-user token, or a backend asking about the user by id),
   * which is all a `public` document asks for. Without it, `public` needs a tie to the organization.
   */
  signedIn?: boolean | undefined;
  /** Resources of the token the user presented. */
  tokenGrants?: readonly TokenGrant[] | undefined;
}

/** Why access was given or refused. */
export type AccessReason =
  | 'organization-disabled'
  | 'document-disabled'
  | 'document-grant'
  | 'folder-grant'
  | 'organization-grant'
  | 'public'
  | 'restricted'
  | 'not-in-organization';

/** The one answer to "may this user see or change this document (or folder)". */
export interface AccessDecision {
  /** `null` = no access at all. */
  role: AccessRole | null;
  /** The effective access type (own, else inherited from the folder chain, else the default). */
  accessType: AccessType;
  reason: AccessReason;
  /** Unix seconds when the granting permission ends, for temporary grants. */
  expiresAt?: number;
  /** The folder whose grant applied, for `folder-grant`. */
  folderId?: string;
}

interface Grant {
  role: AccessRole;
  expiresAt?: number;
}

/** A live grant in a users map or the token's resources; an expired one is no grant. */
function grantIn(users: Map<string, UserRecord> | undefined, token: TokenGrant | undefined, query: AccessQuery): Grant | undefined {
  const seconds = query.now / 1000;
  const user = users?.get(query.userId);
  if (user && (user.expiresAt === undefined || user.expiresAt > seconds)) {
    return user.expiresAt === undefined ? { role: user.accessRole ?? 'editor' } : { role: user.accessRole ?? 'editor', expiresAt: user.expiresAt };
  }
  if (token && (token.expiresAt === undefined || token.expiresAt > seconds)) {
    return token.expiresAt === undefined ? { role: token.accessRole ?? 'editor' } : { role: token.accessRole ?? 'editor', expiresAt: token.expiresAt };
  }
  return undefined;
}

function tokenGrant(query: AccessQuery, org: OrganizationRecord, type: TokenGrant['type'], id: string): TokenGrant | undefined {
  return query.tokenGrants?.find((g) => g.type === type && g.id === id && (type === 'organization' || g.organizationId === org.organizationId));
}

/**
 * The folder and its ancestors, nearest first. A chain longer than the organization's folder count means a
 * cycle, which moves refuse; it stops there rather than looping.
 */
export function folderChain(org: OrganizationRecord, folderId: string | undefined): FolderRecord[] {
  const chain: FolderRecord[] = [];
  let current = folderId === undefined ? undefined : org.folders.get(folderId);
  while (current && chain.length <= org.folders.size) {
    chain.push(current);
    current = current.parentFolderId === undefined ? undefined : org.folders.get(current.parentFolderId);
  }
  return chain;
}

/** The access type a folder has: its own unless it inherits, else its parent's, else the default. */
export function folderAccessType(org: OrganizationRecord, folder: FolderRecord): AccessType {
  for (const f of folderChain(org, folder.folderId)) {
    if (f.inheritAccessFromParent !== true) return f.accessType ?? DEFAULT_ACCESS_TYPE;
  }
  return DEFAULT_ACCESS_TYPE;
}

/** The access type a document has: its own, else its folder's, else the default. */
export function documentAccessType(org: OrganizationRecord, doc: DocumentRecord): AccessType {
  if (doc.accessType !== undefined) return doc.accessType;
  const folder = doc.folderId === undefined ? undefined : org.folders.get(doc.folderId);
  return folder ? folderAccessType(org, folder) : DEFAULT_ACCESS_TYPE;
}

/** Grants on the folder chain, nearest first. */
function chainGrant(org: OrganizationRecord, folderId: string | undefined, query: AccessQuery): { grant: Grant; folderId: string } | undefined {
  for (const folder of folderChain(org, folderId)) {
    const grant = grantIn(folder.users, tokenGrant(query, org, 'folder', folder.folderId), query);
    if (grant) return { grant, folderId: folder.folderId };
  }
  return undefined;
}

function decided(role: AccessRole | null, accessType: AccessType, reason: AccessReason, grant?: Grant): AccessDecision {
  const decision: AccessDecision = { role, accessType, reason };
  if (grant?.expiresAt !== undefined) decision.expiresAt = grant.expiresAt;
  return decision;
}

/** What an organization-level tie gives under an access type, once no closer grant applied. */
function byOrganization(org: OrganizationRecord, accessType: AccessType, query: AccessQuery): AccessDecision {
  if (accessType === 'restricted') return decided(null, accessType, 'restricted');
  const grant = grantIn(org.users, tokenGrant(query, org, 'organization', org.organizationId), query);
  if (grant) return decided(grant.role, accessType, 'organization-grant', grant);
  if (accessType === 'public' && query.signedIn === true) return decided('editor', accessType, 'public');
  return decided(null, accessType, 'not-in-organization');
}

/**
 * THE access model: a disabled organization or document admits no end user; a live grant on the document, then
 * on its folder chain, gives its role whatever the access type; otherwise `restricted` admits no one,
 * `organizationPrivate` admits users of the organization, and `public` admits them and any signed-in user.
 * Cost: the document's folder chain, never the organization's other records.
 * @example documentAccess(org, doc, { userId: 'u', now: ctx.clock.now() }).role // 'editor' | 'viewer' | null
 */
export function documentAccess(org: OrganizationRecord, doc: DocumentRecord, query: AccessQuery): AccessDecision {
  const accessType = documentAccessType(org, doc);
  if (org.disabled) return decided(null, accessType, 'organization-disabled');
  if (doc.disabled === true) return decided(null, accessType, 'document-disabled');
  const own = grantIn(doc.users, tokenGrant(query, org, 'document', doc.documentId), query);
  if (own) return decided(own.role, accessType, 'document-grant', own);
  const inherited = chainGrant(org, doc.folderId, query);
  if (inherited) return { ...decided(inherited.grant.role, accessType, 'folder-grant', inherited.grant), folderId: inherited.folderId };
  return byOrganization(org, accessType, query);
}

/** The same rules for a folder: a grant on it or an ancestor, else its access type and the organization. */
export function folderAccess(org: OrganizationRecord, folder: FolderRecord, query: AccessQuery): AccessDecision {
  const accessType = folderAccessType(org, folder);
  if (org.disabled) return decided(null, accessType, 'organization-disabled');
  const inherited = chainGrant(org, folder.folderId, query);
  if (inherited) return { ...decided(inherited.grant.role, accessType, 'folder-grant', inherited.grant), folderId: inherited.folderId };
  return byOrganization(org, accessType, query);
}

/** The organization-level grant of a user (disabled organizations admit no one). */
export function organizationAccess(org: OrganizationRecord, query: AccessQuery): AccessDecision {
  if (org.disabled) return decided(null, DEFAULT_ACCESS_TYPE, 'organization-disabled');
  const grant = grantIn(org.users, tokenGrant(query, org, 'organization', org.organizationId), query);
  return grant ? decided(grant.role, DEFAULT_ACCESS_TYPE, 'organization-grant', grant) : decided(null, DEFAULT_ACCESS_TYPE, 'not-in-organization');
}

const EXPLANATIONS: Record<AccessReason, string> = {
  'organization-disabled': 'the organization is disabled, which locks out every end user',
  'document-disabled': 'the document is disabled, which locks out every end user',
  'document-grant': 'the user is granted the document itself',
  'folder-grant': 'the user is granted a folder that contains it',
  'organization-grant': 'the user belongs to the organization and the access type admits organization users',
  public: 'the access type is public and the user is signed in',
  restricted: 'the access type is restricted and the user holds no grant on it or its folders',
  'not-in-organization': 'the user holds no grant on it, its folders or its organization',
};

/**
 * One sentence on a decision, for logs, the README and test failures.
 * @example explainAccess(decision) // 'editor: the user is granted the document itself (access type restricted).'
 */
export function explainAccess(decision: AccessDecision): string {
  const who = decision.role ?? 'no access';
  // Expiry is stored as given (Unix seconds, any number); one beyond the range of Date is shown as the number.
  const ms = decision.expiresAt === undefined ? undefined : decision.expiresAt * 1000;
  const until = ms === undefined ? '' : `, until ${Math.abs(ms) <= 8.64e15 ? new Date(ms).toISOString() : `${decision.expiresAt} (Unix seconds)`}`;
  const via = decision.folderId === undefined ? '' : ` (${decision.folderId})`;
  return `${who}: ${EXPLANATIONS[decision.reason]}${via}${until} (access type ${decision.accessType}).`;
}

/**
 * Access to a document the service does not hold yet (a sync client may open one before any content exists):
 * only a token resource naming the document or its organization admits the user.
 */
export function unknownDocumentAccess(organizationId: string, documentId: string, query: AccessQuery): AccessDecision {
  const seconds = query.now / 1000;
  const live = (g: TokenGrant): boolean => g.expiresAt === undefined || g.expiresAt > seconds;
  const grants = query.tokenGrants ?? [];
  const own = grants.find((g) => g.type === 'document' && g.id === documentId && g.organizationId === organizationId && live(g));
  if (own)
    return decided(
      own.accessRole ?? 'editor',
      DEFAULT_ACCESS_TYPE,
      'document-grant',
      own.expiresAt === undefined ? undefined : { role: 'editor', expiresAt: own.expiresAt },
    );
  const org = grants.find((g) => g.type === 'organization' && g.id === organizationId && live(g));
  if (org)
    return decided(
      org.accessRole ?? 'editor',
      DEFAULT_ACCESS_TYPE,
      'organization-grant',
      org.expiresAt === undefined ? undefined : { role: 'editor', expiresAt: org.expiresAt },
    );
  return decided(null, DEFAULT_ACCESS_TYPE, 'not-in-organization');
}
