import { z } from 'zod';
import type { ModelContext } from '../model/state/context.js';
import type { ApiKeyRecord } from '../model/state/entities.js';
import { apiKeyCaller } from '../protocol/auth.js';
import { defineOperation, type Settings } from '../protocol/operation.js';
import { verbatimString } from '../protocol/rules.js';
import { signingKey, TOKEN_LIFETIME_SECONDS } from './auth.js';

const ORGANIZATION_REQUIRED = 'userProperties.organizationId is required.';

/** The old body's user properties: `organizationId` inside them, as the current operation no longer takes it. */
const userProperties = z.object(
  {
    organizationId: verbatimString(ORGANIZATION_REQUIRED),
    isAdmin: z.boolean().optional(),
    email: z.string().optional(),
    groupId: z.string().optional(),
  },
  // Sent without its organization or not at all (where it is required), the organization is what is missing.
  { error: (iss) => (iss.input === undefined ? ORGANIZATION_REQUIRED : 'userProperties must be an object.') },
);

type LegacyProperties = z.output<typeof userProperties>;

/**
 * An end-user token exactly like generate_token's (D16: HS256 with the key's secret, its issuer and audience, 48 hours),
 * built from the old body: the organization becomes an `editor` resource, and the legacy claims `organizationId` and
 * `groupId` ride along when sent.
 */
async function legacyToken(key: ApiKeyRecord, model: ModelContext, settings: Settings, userId: string, props: LegacyProperties | undefined): Promise<string> {
  const iat = Math.floor(model.clock.now() / 1000);
  const claims: Record<string, unknown> = {
    userId,
    user: { name: '', email: props?.email ?? '', isAdmin: props?.isAdmin ?? false },
    permissions: { resources: props ? [{ type: 'organization', id: props.organizationId, accessRole: 'editor' }] : [] },
  };
  if (props) claims['organizationId'] = props.organizationId;
  if (props?.groupId !== undefined) claims['groupId'] = props.groupId;
  // jose loads on the first token, keeping it off the import path of every other user.
  const { SignJWT } = await import('jose');
  return new SignJWT(claims)
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuer(settings.issuer)
    .setSubject(userId)
    .setAudience(key.apiKey)
    .setIssuedAt(iat)
    .setExpirationTime(iat + TOKEN_LIFETIME_SECONDS)
    .sign(await signingKey(key));
}

/**
 * `POST /v1/auth/token/get`: the original token path, with the API key and its auth token inside `data` and the
 * organization inside `userProperties`; headers are not read (beyond-spec-4 4.5.1).
 */
export const tokenV1 = defineOperation({
  auth: 'none',
  summary: 'Generate an end-user token (v1, credentials in the body)',
  message: 'Token generated successfully.',
  schema: z.object({
    apiKey: verbatimString('API key not found.'),
    authToken: verbatimString('Auth token not found.'),
    userId: verbatimString('userId is required.'),
    userProperties: userProperties.optional(),
  }),
  async run({ data, model, settings }) {
    const caller = apiKeyCaller(model, data.apiKey, data.authToken);
    if (caller.level !== 'apiKey') throw new Error('The v1 token path needs a known API key.');
    return { data: { token: await legacyToken(caller.key, model, settings, data.userId, data.userProperties) } };
  },
});

/** `POST /v2/auth/token/get`: the withdrawn v2 token path: header credentials, the old body (beyond-spec-4 4.5.2). */
export const tokenV2 = defineOperation({
  auth: 'apiKey',
  summary: 'Generate an end-user token (legacy v2 route)',
  message: 'Token generated successfully.',
  schema: z.object({ userId: verbatimString('userId is required.'), userProperties }),
  async run({ data, caller, model, settings }) {
    if (caller.level !== 'apiKey') throw new Error('The legacy token path needs an API-key caller.');
    return { data: { token: await legacyToken(caller.key, model, settings, data.userId, data.userProperties) } };
  },
});
