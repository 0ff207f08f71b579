import { z } from 'zod';
import { PartialFailure, ServiceError } from '../../errors.js';
import { addDomains, listWorkspaceKeys, removeDomains, renameApiKey, resetAuthToken, workspaceKey } from '../../model/workspaces/keys.js';
import { apiKeyOf, defineOperation, workspaceOf } from '../../protocol/operation.js';
import { requiredString } from '../../protocol/rules.js';
import { fromBase64Url, toBase64Url } from '../../support/base64.js';

const domains = z.object({ domains: z.array(requiredString()).min(1).max(100) });

/** `POST /v2/workspace/domains/add`: add to the key's allowed domains; any already present turns into a 500 carrying both lists. */
export const addDomainsOp = defineOperation({
  auth: 'apiKey',
  summary: 'Add allowed domains',
  message: 'Domain(s) added successfully to allowed domains.',
  schema: domains,
  run({ data, caller, model }) {
    const { changed, skipped } = addDomains(model, apiKeyOf(caller), data.domains);
    if (skipped.length > 0) {
      // The added domains stay: the documented error reports a write that partly happened.
      throw new PartialFailure('INTERNAL', 'Domain(s) added successfully to allowed domains. Skipped existing domains.', {
        domainsAdded: changed,
        skippedDomains: skipped,
      });
    }
    return { data: { domainsAdded: changed } };
  },
});

/** `POST /v2/workspace/domains/delete`: remove allowed domains; any not present turns into a 500 carrying both lists. */
export const removeDomainsOp = defineOperation({
  auth: 'apiKey',
  summary: 'Delete allowed domains',
  message: 'Domain(s) removed successfully from allowed domains.',
  schema: domains,
  run({ data, caller, model }) {
    const { changed, skipped } = removeDomains(model, apiKeyOf(caller), data.domains);
    if (skipped.length > 0) {
      throw new PartialFailure('INTERNAL', 'Domain(s) removed successfully from allowed domains. Skipped non-existing domains.', {
        domainsRemoved: changed,
        skippedDomains: skipped,
      });
    }
    return { data: { domainsRemoved: changed } };
  },
});

/** `POST /v2/workspace/domains/get`: the key's allowed domains in the order they were added. */
export const getDomains = defineOperation({
  auth: 'apiKey',
  summary: 'Get allowed domains',
  message: 'Allowed domains retrieved successfully.',
  schema: z.object({}),
  run({ caller }) {
    return { data: { allowedDomains: [...apiKeyOf(caller).allowedDomains] } };
  },
});

/** The documented token form: base64 of `{"lastId": …}`. */
const encodeLastId = (id: string): string => toBase64Url(JSON.stringify({ lastId: id }));

function decodeLastId(token: string | undefined): string | undefined {
  if (token === undefined || token === '') return undefined;
  try {
    const lastId = (JSON.parse(fromBase64Url(token)) as { lastId?: unknown } | null)?.lastId;
    if (typeof lastId === 'string') return lastId;
  } catch {
    // not a token of ours
  }
  throw new ServiceError('INVALID_ARGUMENT', 'Invalid pageToken.');
}

const PAGE_SIZE = { error: 'pageSize must be between 1 and 100.' };

/** `POST /v2/workspace/apikeys/get`: the workspace's keys in creation order; `nextPageToken` only when more exist. */
export const getApiKeys = defineOperation({
  auth: 'workspace',
  summary: 'Get API keys',
  message: 'API keys retrieved successfully.',
  schema: z.object({
    apiKeys: z.array(requiredString()).optional(),
    pageSize: z.number(PAGE_SIZE).int(PAGE_SIZE).min(1, PAGE_SIZE).max(100, PAGE_SIZE).optional(),
    pageToken: z.string().optional(),
  }),
  run({ data, caller, model }) {
    const { page, more } = listWorkspaceKeys(model, workspaceOf(caller), {
      size: data.pageSize ?? 100,
      afterId: decodeLastId(data.pageToken),
      filter: data.apiKeys,
    });
    const last = page.at(-1);
    return { data: page, ...(more && last ? { beside: { nextPageToken: encodeLastId(last.id) } } : {}) };
  },
});

/** `POST /v2/workspace/apikey/update`: rename a key of this workspace. */
export const updateApiKey = defineOperation({
  auth: 'workspace',
  summary: 'Update an API key',
  message: 'API key updated successfully.',
  schema: z.object({ apiKey: requiredString(), apiKeyName: requiredString() }),
  run({ data, caller, model }) {
    renameApiKey(model, workspaceKey(model, workspaceOf(caller), data.apiKey), data.apiKeyName);
    return { data: null };
  },
});

/** `POST /v2/workspace/authtoken/reset`: one new default token; the key's old tokens stop working at once. */
export const resetToken = defineOperation({
  auth: 'workspace',
  summary: 'Reset the auth token of an API key',
  message: 'Auth token reset successfully.',
  schema: z.object({ apiKey: requiredString() }),
  run({ data, caller, model }) {
    const key = workspaceKey(model, workspaceOf(caller), data.apiKey);
    return { data: { apiKey: key.apiKey, newAuthToken: resetAuthToken(model, key) } };
  },
});
