import * as decoding from 'lib0/decoding';
import { type AccessDecision, documentAccess, explainAccess, type TokenGrant, unknownDocumentAccess } from '../model/access.js';
import type { ApiKeyRecord } from '../model/state/entities.js';
import type { MockService } from '../service.js';

/** Close code when no token, an unreadable one or an expired one was presented. */
export const CLOSE_UNAUTHENTICATED = 4401;
/** Close code when the token's user has no access to the document (also used for an unknown API key). */
export const CLOSE_NO_ACCESS = 4403;
/** Close code when the organization or the document is disabled (end users are locked out). */
export const CLOSE_DISABLED = 4423;

/** Who a sync client is: a server-side tool holding the API key's auth token, or an end user with a token. */
export type SyncIdentity = { kind: 'server' } | { kind: 'user'; userId: string; grants: TokenGrant[] /** Unix seconds. */; expiresAt: number };

/** Where a sync client is. */
export interface SyncPlace {
  apiKey: string;
  organizationId: string;
  documentId: string;
}

/** What a client may do now: write, only read, or nothing (closed with the code and reason). */
export type SyncVerdict = { may: 'write' } | { may: 'read' } | { may: 'none'; code: number; reason: string };

/** A refusal that closes the socket. */
export type SyncRefusal = { code: number; reason: string };

const SECRET_BYTES = new WeakMap<ApiKeyRecord, Uint8Array>();

function secretOf(key: ApiKeyRecord): Uint8Array {
  let bytes = SECRET_BYTES.get(key);
  if (!bytes) {
    bytes = new Uint8Array(key.signingSecret.match(/../g)!.map((h) => parseInt(h, 16)));
    SECRET_BYTES.set(key, bytes);
  }
  return bytes;
}

function grantsOf(claims: Record<string, unknown>): TokenGrant[] {
  const resources = (claims['permissions'] as { resources?: unknown } | undefined)?.resources;
  return Array.isArray(resources) ? (resources.filter((r) => typeof r === 'object' && r !== null) as TokenGrant[]) : [];
}

/**
 * Checks the `token` URL parameter: the API key's auth token (server-side tools: full access), or an end-user
 * token from generate_token, verified with the key's secret, issuer and audience on the service clock.
 */
export async function authenticateSync(service: MockService, key: ApiKeyRecord, token: string | null): Promise<SyncIdentity | SyncRefusal> {
  if (!token) return { code: CLOSE_UNAUTHENTICATED, reason: 'Pass ?token=: the API key auth token or an end-user token from generate_token.' };
  if (key.authTokens.some((t) => t.token === token)) return { kind: 'server' };
  const { jwtVerify, errors } = await import('jose');
  try {
    const { payload } = await jwtVerify(token, secretOf(key), {
      algorithms: ['HS256'],
      issuer: service.settings.issuer,
      audience: key.apiKey,
      currentDate: new Date(service.model.clock.now()),
    });
    const userId = typeof payload['userId'] === 'string' ? payload['userId'] : payload.sub;
    if (!userId) return { code: CLOSE_UNAUTHENTICATED, reason: 'The token names no user.' };
    return { kind: 'user', userId, grants: grantsOf(payload), expiresAt: payload.exp ?? Number.POSITIVE_INFINITY };
  } catch (error) {
    if (error instanceof errors.JWTExpired) return { code: CLOSE_UNAUTHENTICATED, reason: 'The token has expired.' };
    return { code: CLOSE_UNAUTHENTICATED, reason: 'The token is not valid for this API key.' };
  }
}

/** The access decision of the model for an end user at a place, on the service clock. */
export function syncDecision(service: MockService, identity: Extract<SyncIdentity, { kind: 'user' }>, place: SyncPlace): AccessDecision {
  const now = service.model.clock.now();
  const query = { userId: identity.userId, now, signedIn: true, tokenGrants: identity.grants };
  const org = service.model.store.tables.namespaces.get(place.apiKey)?.organizations.get(place.organizationId);
  const doc = org?.documents.get(place.documentId);
  return org && doc ? documentAccess(org, doc, query) : unknownDocumentAccess(place.organizationId, place.documentId, query);
}

/** What the client may do now: server tools write; end users by the access model, while their token lasts. */
export function syncVerdict(service: MockService, identity: SyncIdentity, place: SyncPlace): SyncVerdict {
  if (identity.kind === 'server') return { may: 'write' };
  if (service.model.clock.now() / 1000 >= identity.expiresAt) return { may: 'none', code: CLOSE_UNAUTHENTICATED, reason: 'The token has expired.' };
  const decision = syncDecision(service, identity, place);
  if (decision.reason === 'organization-disabled' || decision.reason === 'document-disabled') {
    return {
      may: 'none',
      code: CLOSE_DISABLED,
      reason: decision.reason === 'organization-disabled' ? 'The organization is disabled.' : 'The document is disabled.',
    };
  }
  if (decision.role === null) return { may: 'none', code: CLOSE_NO_ACCESS, reason: `No access: ${explainAccess(decision)}` };
  return { may: decision.role === 'editor' ? 'write' : 'read' };
}

/** Whether a y-websocket message would change the document (sync step 2 or an update). */
export function isWrite(message: Uint8Array): boolean {
  try {
    const decoder = decoding.createDecoder(message);
    if (decoding.readVarUint(decoder) !== 0) return false;
    const step = decoding.readVarUint(decoder);
    return step === 1 || step === 2;
  } catch {
    return false;
  }
}
