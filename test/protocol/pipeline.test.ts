import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { ServiceError } from '../../src/errors.js';
import { dispatch, MAX_BODY_BYTES } from '../../src/protocol/dispatch.js';
import { defineOperation } from '../../src/protocol/operation.js';
import { validate } from '../../src/protocol/validate.js';
import { createMockService } from '../../src/service.js';
import { oneRoute } from '../support/dispatch.js';
import { expectError, expectSuccess, fingerprint } from '../support/expect.js';
import { type Client, forEachTransport } from '../support/transports.js';

const JSON_TYPE = 'application/json';

/** Sends a raw call to get-auth-tokens with the service's workspace headers. */
function send(c: Client, init: { method?: string; type?: string | undefined; body: string }) {
  const headers: Record<string, string> = { ...c.service.credentials.workspaceHeaders };
  if (init.type !== undefined) headers['content-type'] = init.type;
  return c.raw({ method: init.method ?? 'POST', path: '/v2/workspace/authtokens/get', headers, body: init.body });
}

const tokensOf = (c: Client): string => JSON.stringify({ data: { apiKey: c.service.credentials.apiKey } });

forEachTransport('protocol gate (D2)', (fresh) => {
  const badRequests: [string, { method?: string; type?: string | undefined; body: string }][] = [
    ['GET method', { method: 'GET', type: JSON_TYPE, body: '' }],
    ['PUT method', { method: 'PUT', type: JSON_TYPE, body: '{"data":{"apiKey":"k"}}' }],
    ['text/plain content type', { type: 'text/plain', body: '{"data":{"apiKey":"k"}}' }],
    ['no content type', { type: undefined, body: '{"data":{"apiKey":"k"}}' }],
    ['empty body', { type: JSON_TYPE, body: '' }],
    ['malformed JSON', { type: JSON_TYPE, body: '{"data":{' }],
    ['no data key', { type: JSON_TYPE, body: '{}' }],
    ['an extra top-level key', { type: JSON_TYPE, body: '{"data":{"apiKey":"k"},"apiKey":"k"}' }],
    ['an unwrapped body', { type: JSON_TYPE, body: '{"apiKey":"k"}' }],
    ['a top-level array', { type: JSON_TYPE, body: '[{"data":{}}]' }],
    ['data null', { type: JSON_TYPE, body: '{"data":null}' }],
    ['data an array', { type: JSON_TYPE, body: '{"data":[]}' }],
    ['data a string', { type: JSON_TYPE, body: '{"data":"apiKey"}' }],
  ];
  for (const [name, init] of badRequests) {
    it(`refuses ${name} with 400 Bad Request and changes nothing`, async () => {
      const c = fresh();
      const before = fingerprint(c.service);
      const reply = await send(c, init);
      expectError(reply, 400, 'INVALID_ARGUMENT', 'Bad Request');
      expect(reply.body).toEqual({ error: { status: 'INVALID_ARGUMENT', message: 'Bad Request' } });
      expect(reply.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(fingerprint(c.service)).toBe(before);
    });
  }

  it('accepts a charset suffix and any case of the content type', async () => {
    const c = fresh();
    for (const type of ['application/json', 'application/json; charset=utf-8', 'Application/JSON;charset=UTF-8']) {
      expectSuccess(await send(c, { type, body: tokensOf(c) }), 'Auth tokens retrieved successfully.');
    }
  });

  it('runs the gate before authentication', async () => {
    const c = fresh();
    const reply = await c.raw({ method: 'GET', path: '/v2/workspace/get', headers: {}, body: '' });
    expectError(reply, 400, 'INVALID_ARGUMENT', 'Bad Request');
  });

  it('reads header names in any case', async () => {
    const c = fresh();
    const { apiKey, authToken, workspaceId, workspaceAuthToken } = c.service.credentials;
    const viaKey = await c.raw({
      method: 'POST',
      path: '/v2/auth/generate_token',
      headers: { 'Content-Type': JSON_TYPE, 'X-Service-Api-Key': apiKey, 'X-SERVICE-AUTH-TOKEN': authToken },
      body: JSON.stringify({ data: { userId: 'u', userProperties: { name: 'n', email: 'e' }, permissions: { resources: [] } } }),
    });
    expectSuccess(viaKey, 'Token generated successfully.');
    const viaWorkspace = await c.raw({
      method: 'POST',
      path: '/v2/workspace/get',
      headers: { 'CONTENT-TYPE': JSON_TYPE, 'X-Service-Workspace-Id': workspaceId, 'x-SERVICE-workspace-AUTH-token': workspaceAuthToken },
      body: '{"data":{}}',
    });
    expectSuccess(viaWorkspace, 'Workspace retrieved successfully');
  });

  it('ignores unknown keys inside data', async () => {
    const c = fresh();
    expectSuccess(await c.postWorkspace('/v2/workspace/get', { anything: [1, 2] }), 'Workspace retrieved successfully');
  });

  it('answers a CORS preflight with 204 and permissive headers, on any path', async () => {
    const c = fresh();
    for (const path of ['/v2/users/add', '/no/such/path']) {
      const reply = await c.raw({ method: 'OPTIONS', path, headers: {}, body: '' });
      expect(reply.status).toBe(204);
      expect(reply.text).toBe('');
      expect(reply.headers['access-control-allow-origin']).toBe('*');
      expect(reply.headers['access-control-allow-headers']).toContain('x-service-workspace-auth-token');
    }
  });

  it('refuses a body over 1 MiB with 413 and changes nothing', async () => {
    const c = fresh();
    const before = fingerprint(c.service);
    const filler = 'a'.repeat(MAX_BODY_BYTES);
    const reply = await send(c, { type: JSON_TYPE, body: `{"data":{"apiKey":"${filler}"}}` });
    expectError(reply, 413, 'INVALID_ARGUMENT', 'Request body is larger than 1048576 bytes (1 MiB).');
    expect(fingerprint(c.service)).toBe(before);
  });

  it('counts bytes, not characters, against the 1 MiB limit', async () => {
    const c = fresh();
    const euros = '€'.repeat(350_000); // 350,000 characters, 1,050,000 bytes in UTF-8
    const reply = await send(c, { type: JSON_TYPE, body: `{"data":{"apiKey":"${euros}"}}` });
    expectError(reply, 413, 'INVALID_ARGUMENT', 'Request body is larger than 1048576 bytes (1 MiB).');
  });

  it('accepts a body of exactly 1 MiB', async () => {
    const c = fresh();
    const shell = '{"data":{"pad":""}}';
    const body = shell.replace('"pad":""', `"pad":"${'b'.repeat(MAX_BODY_BYTES - shell.length)}"`);
    expect(new TextEncoder().encode(body).length).toBe(MAX_BODY_BYTES);
    expectError(await send(c, { type: JSON_TYPE, body }), 400, 'INVALID_ARGUMENT', 'apiKey is required.');
  });
});

/** The paths of the real service this emulator answered with 501 until every documented operation was served. */
const FORMERLY_UNIMPLEMENTED = [
  '/v1/auth/token/get',
  '/v2/auth/token/get',
  '/v2/rewriter/ask-ai',
  '/v2/memory/ask',
  '/v2/memory/search',
  '/v2/memory/judgments/query',
  '/v2/memory/patterns/get',
  '/v2/memory/profiles/get',
  '/v2/memory/stats/get',
  '/v2/agents/analytics/get',
  '/v2/agents/config/resolve',
  '/v2/agents/version/update',
  ...['action', 'dismiss', 'list', 'config/get', 'config/update'].map((p) => `/v2/memory/alerts/${p}`),
  ...['delete', 'download', 'ingest', 'ingest-status', 'list', 'rules', 'search', 'update', 'upload-url'].map((p) => `/v2/memory/knowledge/${p}`),
  ...['create', 'delete', 'extract', 'get', 'update'].map((p) => `/v2/agents/${p}`),
  ...['count', 'get', 'list', 'run'].map((p) => `/v2/agents/execution/${p}`),
  ...['add-agents', 'create', 'delete', 'get', 'list', 'remove-agents', 'update'].map((p) => `/v2/agents/groups/${p}`),
  ...['enhance', 'refine', 'validate'].map((p) => `/v2/agents/prompt/${p}`),
  ...['list', 'restore'].map((p) => `/v2/agents/versions/${p}`),
  ...['create', 'delete', 'get', 'list', 'update'].map((p) => `/v2/workflow/definitions/${p}`),
  ...['cancel', 'dispatch', 'get', 'getEvents', 'list'].map((p) => `/v2/workflow/executions/${p}`),
  ...['cancel', 'recordAgentResolution', 'recordReviewerDecision', 'resolve'].map((p) => `/v2/workflow/steps/${p}`),
];

forEachTransport('routing (D3, 2.7)', (fresh) => {
  it('answers an unknown path with 404 and the nearest known path', async () => {
    const c = fresh();
    expectError(await c.post('/v2/users/ad', {}), 404, 'NOT_FOUND', 'Unknown path /v2/users/ad. Did you mean /v2/users/add?');
    expectError(
      await c.post('/v2/workspace/apikey/creat', {}),
      404,
      'NOT_FOUND',
      'Unknown path /v2/workspace/apikey/creat. Did you mean /v2/workspace/apikey/create?',
    );
  });

  it('gives no hint when nothing is within 6 edits', async () => {
    const c = fresh();
    expectError(await c.post('/totally/unrelated', {}), 404, 'NOT_FOUND', 'Unknown path /totally/unrelated.');
    expectError(await c.post('/', {}), 404, 'NOT_FOUND', 'Unknown path /.');
  });

  it('treats /v2/memory/patterns/evaluate as unknown (404), not unimplemented', async () => {
    const c = fresh();
    const reply = await c.post('/v2/memory/patterns/evaluate', {});
    expectError(reply, 404, 'NOT_FOUND', 'Unknown path /v2/memory/patterns/evaluate.');
  });

  it('serves every documented path of the real service: none answers 501', async () => {
    const c = fresh();
    for (const path of FORMERLY_UNIMPLEMENTED) {
      const reply = await c.post(path, {});
      expect(reply.status, path).not.toBe(501);
      expect(reply.body?.error?.status, path).not.toBe('UNIMPLEMENTED');
    }
  });

  it('looks the route up before the gate and before authentication', async () => {
    const c = fresh();
    const get = (path: string) => c.raw({ method: 'GET', path, headers: {}, body: '' });
    expectError(await get('/v2/users/ad'), 404, 'NOT_FOUND', 'Unknown path /v2/users/ad. Did you mean /v2/users/add?');
    const plain = await c.raw({ method: 'POST', path: '/v2/users/ad', headers: { 'content-type': 'text/plain' }, body: 'x' });
    expectError(plain, 404, 'NOT_FOUND', 'Unknown path /v2/users/ad. Did you mean /v2/users/add?');
  });

  it('treats a trailing slash as the same path', async () => {
    const c = fresh();
    expectSuccess(await c.post('/v2/auth/generate_token/', { userId: 'u', userProperties: { name: 'n', email: 'e' }, permissions: { resources: [] } }));
    expectSuccess(await c.postWorkspace('/v2/workspace/get/', {}), 'Workspace retrieved successfully');
    expectError(await c.post('/v2/workflow/definitions/create/', {}), 400, 'INVALID_ARGUMENT', 'definitionId is required.');
  });

  it('ignores a query string on API paths', async () => {
    const c = fresh();
    expectSuccess(await c.postWorkspace('/v2/workspace/get?trace=1', {}), 'Workspace retrieved successfully');
  });
});

describe('pipeline failures (in-process)', () => {
  const service = createMockService();
  const boom = defineOperation({
    auth: 'none',
    summary: 'Fail',
    message: 'Never.',
    schema: z.object({}),
    run() {
      throw new TypeError('emulator bug');
    },
  });

  it('renders an unexpected exception as 500 INTERNAL and reports it exactly once', async () => {
    const onInternalError = vi.fn();
    const deps = oneRoute(service, '/boom', boom, onInternalError);
    const call = { method: 'POST', path: '/boom', headers: { 'content-type': JSON_TYPE }, body: '{"data":{}}' };
    const reply = await dispatch(deps, call);
    expect(reply.status).toBe(500);
    expect(JSON.parse(reply.body)).toEqual({ error: { message: 'INTERNAL', status: 'INTERNAL' } });
    expect(onInternalError).toHaveBeenCalledTimes(1);
    expect(onInternalError).toHaveBeenCalledWith(expect.any(TypeError), call);
  });
});

describe('per-reply success messages', () => {
  const service = createMockService();
  const worded = defineOperation({
    auth: 'none',
    summary: 'Worded',
    message: 'Declared message.',
    schema: z.object({ grouped: z.boolean().optional() }),
    run: ({ data }) => (data.grouped ? { data: {}, message: 'Reply message.' } : { data: [] }),
  });
  const deps = oneRoute(service, '/worded', worded);
  const call = (data: unknown) => ({ method: 'POST', path: '/worded', headers: { 'content-type': JSON_TYPE }, body: JSON.stringify({ data }) });

  it('uses the message a run returns for that reply, and the declared one otherwise', async () => {
    expect(JSON.parse((await dispatch(deps, call({ grouped: true }))).body)).toEqual({ result: { status: 'success', message: 'Reply message.', data: {} } });
    expect(JSON.parse((await dispatch(deps, call({}))).body)).toEqual({ result: { status: 'success', message: 'Declared message.', data: [] } });
  });
});

describe('validation messages (2.6)', () => {
  const messageOf = (schema: z.ZodType, data: unknown): string => {
    try {
      validate(schema, data);
    } catch (error) {
      if (error instanceof ServiceError) return `${error.status} ${error.message}`;
    }
    return 'accepted';
  };
  const schema = z.object({
    kind: z.enum(['a', 'b']),
    id: z.union([z.string(), z.number()]).optional(),
    items: z.array(z.object({ name: z.string() })).max(2),
  });

  it('names the dotted path and the rule', () => {
    expect(messageOf(schema, { items: [] })).toBe('INVALID_ARGUMENT kind is required.');
    expect(messageOf(schema, { kind: 'c', items: [] })).toBe('INVALID_ARGUMENT kind must be one of a, b.');
    expect(messageOf(schema, { kind: 'a', id: true, items: [] })).toBe('INVALID_ARGUMENT id must be a string or a number.');
    expect(messageOf(schema, { kind: 'a', items: [{}] })).toBe('INVALID_ARGUMENT items[0].name is required.');
    expect(messageOf(schema, { kind: 'a', items: [{ name: 1 }] })).toBe('INVALID_ARGUMENT items[0].name must be a string.');
    expect(messageOf(schema, { kind: 'a', items: 'x' })).toBe('INVALID_ARGUMENT items must be an array.');
    expect(messageOf(schema, { kind: 'a', items: [{ name: 'x' }, { name: 'y' }, { name: 'z' }] })).toBe('INVALID_ARGUMENT items can contain at most 2 items.');
    expect(messageOf(schema, { kind: 'b', id: 3, items: [] })).toBe('accepted');
  });
});
