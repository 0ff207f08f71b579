import { z } from 'zod';
import { ServiceError } from '../errors.js';
import { grantPermissions, reportPermissions, revokePermissions } from '../model/permissions.js';
import type { ApiKeyRecord } from '../model/state/entities.js';
import { defineOperation, namespaceOf } from '../protocol/operation.js';
import { accessRole, idList, requiredString } from '../protocol/rules.js';
import { resources } from './auth.js';

const resourceType = z.enum(['organization', 'document', 'folder']);

/** `POST /v2/auth/permissions/add`: grants per resource (`accessRole` default `editor`, `expiresAt` in seconds); no `data`. */
export const add = defineOperation({
  auth: 'apiKey',
  summary: 'Add permissions',
  message: 'Permissions added successfully.',
  schema: z.object({ user: z.object({ userId: requiredString() }), permissions: z.object({ resources: resources.min(1) }) }),
  run({ data, caller, model }) {
    grantPermissions(model, namespaceOf(caller), data.user.userId, data.permissions.resources);
    return {};
  },
});

/** Remove takes `organizationId` for folders as well as documents (add requires it for both). */
const removal = z
  .array(z.object({ type: resourceType, id: requiredString(), organizationId: requiredString().optional() }))
  .min(1)
  .superRefine((list, ctx) => {
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

/** `POST /v2/auth/permissions/remove`: `userId` at the top level; removing what was never granted succeeds. */
export const remove = defineOperation({
  auth: 'apiKey',
  summary: 'Remove permissions',
  message: 'Permissions removed successfully.',
  schema: z.object({ userId: requiredString(), permissions: z.object({ resources: removal }) }),
  run({ data, caller, model }) {
    revokePermissions(model, namespaceOf(caller), data.userId, data.permissions.resources);
    return {};
  },
});

/**
 * `POST /v2/auth/permissions/get`: effective access by the access model, per user; a named folder or document
 * that does not exist turns the whole call into 404 `NOT_FOUND` with the full map in `details`.
 */
export const get = defineOperation({
  auth: 'apiKey',
  summary: 'Get permissions',
  message: 'User permissions retrieved successfully.',
  schema: z.object({ organizationId: requiredString(), userIds: idList().min(1), folderIds: idList().optional(), documentIds: idList().optional() }),
  run({ data, caller, model }) {
    const report = reportPermissions(model, namespaceOf(caller), data);
    if (report.missing) throw new ServiceError('NOT_FOUND', 'Folder or document does not exist', report.data);
    return { data: report.data };
  },
});

const decision = z
  .object({
    userId: requiredString(),
    resourceId: requiredString(),
    type: resourceType,
    hasAccess: z.boolean(),
    accessRole: accessRole.optional(),
    expiresAt: z.number().optional(),
  })
  .refine((p) => p.accessRole === undefined || p.type === 'document', { error: 'accessRole is only allowed for document resources.' });

/** JSON with keys sorted at every level and no spaces: the bytes a signature covers. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.keys(value)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonicalJson((value as Record<string, unknown>)[k])}`);
    return `{${entries.join(',')}}`;
  }
  return JSON.stringify(value);
}

/**
 * The signature of permission-provider decisions: HMAC-SHA256, lowercase hex, keyed by the API key's token-signing
 * secret, over `canonicalJson(permissions)`. The real algorithm is unpublished; this one is stable and checkable.
 * @example await permissionSignature(key, [{ userId: 'u', resourceId: 'doc', type: 'document', hasAccess: true }])
 */
export async function permissionSignature(key: ApiKeyRecord, permissions: unknown[]): Promise<string> {
  const secret = new Uint8Array(key.signingSecret.match(/../g)!.map((h) => parseInt(h, 16)));
  const crypto = await globalThis.crypto.subtle.importKey('raw', secret, { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  const mac = new Uint8Array(await globalThis.crypto.subtle.sign('HMAC', crypto, new TextEncoder().encode(canonicalJson(permissions))));
  return [...mac].map((b) => b.toString(16).padStart(2, '0')).join('');
}

/** `POST /v2/auth/generate_signature`: signs access decisions (`expiresAt` in milliseconds) for the permission provider. */
export const generateSignature = defineOperation({
  auth: 'apiKey',
  summary: 'Sign permission-provider decisions',
  message: 'Signature generated successfully.',
  schema: z.object({ permissions: z.array(decision).min(1) }),
  async run({ data, caller }) {
    if (caller.level !== 'apiKey') throw new Error('generate_signature needs an API-key caller.');
    return { data: { signature: await permissionSignature(caller.key, data.permissions) } };
  },
});
