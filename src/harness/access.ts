import { ServiceError } from '../errors.js';
import { type AccessDecision, documentAccess, explainAccess, type TokenGrant, unknownDocumentAccess } from '../model/access.js';
import type { ModelContext } from '../model/state/context.js';
import { knownNamespace } from '../model/state/keys.js';

/** Whose access to which document `service.access.explain()` decides; `apiKey` defaults to the seeded key. */
export interface AccessRequest {
  apiKey?: string;
  organizationId: string;
  documentId: string;
  userId: string;
  /** Count the user as signed in (what an end-user token or a permissions-get question implies). Default false. */
  signedIn?: boolean;
  /** Resources of an end-user token the user presents. */
  tokenGrants?: TokenGrant[];
}

/** A decision of the access model with its one-sentence explanation. */
export interface AccessExplanation extends AccessDecision {
  explanation: string;
}

/**
 * In-process questions to the access model, the one `verifyUserPermissions`, permissions get and the sync
 * endpoint use.
 * @example service.access.explain({ organizationId: 'org', documentId: 'doc', userId: 'u' }).explanation
 */
export interface AccessApi {
  explain(request: AccessRequest): AccessExplanation;
}

/** Builds `service.access` over a model. @example createAccessApi(model, () => credentials.apiKey) */
export function createAccessApi(model: ModelContext, defaultApiKey: () => string): AccessApi {
  return {
    explain(request) {
      for (const field of ['organizationId', 'documentId', 'userId'] as const) {
        if (typeof request[field] !== 'string' || request[field].trim() === '') throw new ServiceError('INVALID_ARGUMENT', `${field} is required.`);
      }
      const ns = knownNamespace(model, request.apiKey ?? defaultApiKey());
      const query = { userId: request.userId, now: model.clock.now(), signedIn: request.signedIn === true, tokenGrants: request.tokenGrants ?? [] };
      const org = ns.organizations.get(request.organizationId);
      const doc = org?.documents.get(request.documentId);
      const decision = org && doc ? documentAccess(org, doc, query) : unknownDocumentAccess(request.organizationId, request.documentId, query);
      return { ...decision, explanation: explainAccess(decision) };
    },
  };
}
