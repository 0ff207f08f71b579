import { z } from 'zod';
import type { ApiKeyRecord } from '../model/state/entities.js';
import { defineOperation } from '../protocol/operation.js';
import { accessRole, requiredString } from '../protocol/rules.js';

/** End-user tokens live 48 hours (spec, Limits). */
export const TOKEN_LIFETIME_SECONDS = 172_800;

export const resource = z.object({
  type: z.enum(['organization', 'document', 'folder']),
  id: requiredString(),
  organizationId: requiredString().optional(),
  accessRole: accessRole.default('editor'),
  expiresAt: z.number().optional(),
});

/** `resources[].organizationId` is required for document and folder resources; the message names the item (generate_token, permissions add). */
export const resources = z.array(resource).superRefine((list, ctx) => {
  list.forEach((r, i) => {
    if (r.type !== 'organization' && r.organizationId === undefined) {
      ctx.addIssue({
        code: 'custom',
        path: [i, 'organizationId'],
        message: `permissions.resources[${i}].organizationId is required for a ${r.type} resource.`,
      });
    }
  });
});

const keys = new WeakMap<ApiKeyRecord, CryptoKey>();

/** The HS256 key of an API key, imported once. @example await signingKey(caller.key) */
export async function signingKey(key: ApiKeyRecord): Promise<CryptoKey> {
  let crypto = keys.get(key);
  if (!crypto) {
    const bytes = new Uint8Array(key.signingSecret.match(/../g)!.map((h) => parseInt(h, 16)));
    crypto = await globalThis.crypto.subtle.importKey('raw', bytes, { name: 'HMAC', hash: 'SHA-256' }, false, ['sign', 'verify']);
    keys.set(key, crypto);
  }
  return crypto;
}

/** `POST /v2/auth/generate_token`: an HS256 JWT for an end user (D16). Creates no users or containers. */
export const generateToken = defineOperation({
  auth: 'apiKey',
  summary: 'Generate an end-user token',
  message: 'Token generated successfully.',
  schema: z.object({
    userId: requiredString(),
    userProperties: z
      .looseObject({ name: requiredString(), email: requiredString(), isAdmin: z.boolean().default(false) })
      .refine((p) => !('organizationId' in p), {
        error: 'organizationId must be passed as a permissions resource, not in userProperties.',
      }),
    permissions: z.object({ resources }),
  }),
  async run({ data, caller, model, settings }) {
    if (caller.level !== 'apiKey') throw new Error('generate_token needs an API-key caller.');
    const iat = Math.floor(model.clock.now() / 1000);
    const resources = data.permissions.resources.map((r) => {
      const out: Record<string, unknown> = { type: r.type, id: r.id };
      if (r.organizationId !== undefined) out['organizationId'] = r.organizationId;
      out['accessRole'] = r.accessRole;
      if (r.expiresAt !== undefined) out['expiresAt'] = r.expiresAt;
      return out;
    });
    // jose loads on the first token, keeping it off the import path of every other user.
    const { SignJWT } = await import('jose');
    const token = await new SignJWT({
      userId: data.userId,
      user: { name: data.userProperties.name, email: data.userProperties.email, isAdmin: data.userProperties.isAdmin },
      permissions: { resources },
    })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setIssuer(settings.issuer)
      .setSubject(data.userId)
      .setAudience(caller.key.apiKey)
      .setIssuedAt(iat)
      .setExpirationTime(iat + TOKEN_LIFETIME_SECONDS)
      .sign(await signingKey(caller.key));
    return { data: { token } };
  },
});
