import { z } from 'zod';
import { controlRoutes } from './control/routes.js';
import { DEFAULT_BASE_URL } from './options.js';
import { authHeaderNames, DEFAULT_HEADER_PREFIX } from './protocol/auth-headers.js';
import type { AuthLevel, Operation, Route } from './protocol/operation.js';

/** An OpenAPI 3.1 document as plain JSON. */
export type OpenApiDocument = Record<string, unknown> & { openapi: '3.1.0'; paths: Record<string, Record<string, unknown>> };

type Json = Record<string, unknown>;

const ERROR = { $ref: '#/components/responses/Error' };

/** Which security requirement an auth level declares (service-facts 2.4). */
const SECURITY: Record<AuthLevel, Json[]> = {
  none: [],
  workspace: [{ workspaceId: [], workspaceAuthToken: [] }],
  workspaceRead: [{ workspaceId: [], workspaceAuthToken: [] }],
  apiKey: [{ apiKey: [], authToken: [] }],
};

/** The error statuses an operation may answer besides its own rules, by auth level. */
function errorResponses(auth: AuthLevel): Json {
  const out: Json = { '400': ERROR };
  if (auth !== 'none') Object.assign(out, { '401': ERROR, '403': ERROR });
  Object.assign(out, { '404': ERROR, '413': ERROR, '429': ERROR, '500': ERROR, '501': ERROR });
  return out;
}

/** A zod schema as JSON Schema 2020-12 (OpenAPI 3.1's dialect): what a request may send. */
function jsonSchema(schema: z.ZodType, io: 'input' | 'output'): Json {
  const out = z.toJSONSchema(schema, { target: 'draft-2020-12', io, unrepresentable: 'any', reused: 'inline', cycles: 'ref' }) as Json;
  delete out['$schema'];
  return out;
}

function operationEntry(path: string, version: string, operation: Operation): Json {
  const data = operation.result ? jsonSchema(operation.result, 'output') : {};
  const success =
    operation.message === null
      ? { type: 'object', properties: { result: data }, required: ['result'] }
      : {
          type: 'object',
          properties: {
            result: {
              type: 'object',
              properties: { status: { const: 'success' }, message: { const: operation.message }, data },
              required: ['status', 'message'],
            },
          },
          required: ['result'],
        };
  const segments = path.split('/').filter(Boolean);
  return {
    operationId: segments.join('_').replace(/[^A-Za-z0-9_]/g, '_'),
    summary: operation.summary,
    tags: [segments[1] ?? version],
    security: SECURITY[operation.auth],
    requestBody: {
      required: true,
      content: {
        'application/json': {
          schema: { type: 'object', properties: { data: jsonSchema(operation.schema, 'input') }, required: ['data'], additionalProperties: false },
        },
      },
    },
    responses: {
      '200': { description: operation.message ?? 'The result.', content: { 'application/json': { schema: success } } },
      ...errorResponses(operation.auth),
    },
  };
}

/** The control routes: plain JSON in and out, outside the service's own protocol. */
function controlEntry(method: string, path: string): Json {
  const params = [...path.matchAll(/\{(\w+)\}/g)].map(([, name]) => ({ name, in: 'path', required: true, schema: { type: 'string' } }));
  const entry: Json = {
    operationId: `mock_${method.toLowerCase()}_${path.replace(/[^A-Za-z0-9]+/g, '_').replace(/^_+|_+$/g, '')}`,
    summary: `Emulator control: ${method} ${path}`,
    tags: ['emulator control'],
    responses: { '200': { description: 'The control reply (JSON).' }, '400': ERROR, '404': ERROR },
  };
  if (params.length > 0) entry['parameters'] = params;
  if (method === 'POST') entry['requestBody'] = { required: false, content: { 'application/json': { schema: {} } } };
  return entry;
}

const cached = new WeakMap<object, Map<string, string>>();

/**
 * The OpenAPI 3.1 description of everything this emulator serves, as text: generated once per header prefix from the
 * route table with every area loaded (`loadRoutes()`: each operation's summary, auth, zod request schema and success
 * message) and the control table. The security schemes name the auth headers under `headerPrefix` (default `x-service-`).
 * @example JSON.parse(openapiText(await loadRoutes())).paths['/v2/users/add']?.post
 */
export function openapiText(routes: Readonly<Record<string, Route>>, headerPrefix: string = DEFAULT_HEADER_PREFIX): string {
  let texts = cached.get(routes);
  if (texts === undefined) cached.set(routes, (texts = new Map()));
  let text = texts.get(headerPrefix);
  if (text === undefined) {
    text = JSON.stringify(build(routes, headerPrefix));
    texts.set(headerPrefix, text);
  }
  return text;
}

function build(routes: Readonly<Record<string, Route>>, headerPrefix: string): OpenApiDocument {
  const names = authHeaderNames(headerPrefix);
  const paths: Record<string, Record<string, unknown>> = {};
  for (const [path, { operation, version }] of Object.entries(routes)) paths[path] = { post: operationEntry(path, version, operation) };
  for (const key of Object.keys(controlRoutes)) {
    const [method = 'GET', path = ''] = key.split(' ');
    (paths[path] ??= {})[method.toLowerCase()] = controlEntry(method, path);
  }
  // Served by the standalone server itself, beside the control table.
  paths['/__mock'] = { get: { ...controlEntry('GET', '/__mock'), summary: 'The inspector page (HTML)' } };
  paths['/__mock/openapi.json'] = { get: { ...controlEntry('GET', '/__mock/openapi.json'), summary: 'This document' } };
  const header = (name: string, description: string): Json => ({ type: 'apiKey', in: 'header', name, description });
  return {
    openapi: '3.1.0',
    info: {
      title: 'Collaboration Service REST API (collab-service-mock)',
      version: '2',
      description:
        'Generated from the emulator\'s route table. Every call is POST with a body of exactly {"data": {...}}; failures answer {"error": {"status", "message", "details?"}}.',
    },
    servers: [{ url: DEFAULT_BASE_URL }],
    paths,
    components: {
      securitySchemes: {
        apiKey: header(names.apiKey, 'API key'),
        authToken: header(names.authToken, 'Auth token of the API key'),
        workspaceId: header(names.workspaceId, 'Workspace id'),
        workspaceAuthToken: header(names.workspaceAuthToken, 'Workspace auth token'),
      },
      schemas: {
        Error: {
          type: 'object',
          properties: {
            error: {
              type: 'object',
              properties: { status: { type: 'string', examples: ['INVALID_ARGUMENT'] }, message: { type: 'string' }, details: {} },
              required: ['status', 'message'],
            },
          },
          required: ['error'],
        },
      },
      responses: { Error: { description: 'The failure envelope.', content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } } } },
    },
  };
}
