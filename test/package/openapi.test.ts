import { readFileSync, writeFileSync } from 'node:fs';
import { Validator } from '@seriousme/openapi-schema-validator';
import { describe, expect, it } from 'vitest';
import { listen } from '../../src/adapters/node-server.js';
import { controlRoutes } from '../../src/control/routes.js';
import { routes } from '../../src/routes.js';
import { createMockService } from '../../src/service.js';
import { openapi, openapiText } from '../../src/surface.js';

const FILE = new URL('../../openapi.json', import.meta.url);

describe('OpenAPI document', () => {
  it('passes a standard OpenAPI 3.1 validator (which does refuse a broken document)', async () => {
    const document = await openapi();
    expect(document.openapi).toBe('3.1.0');
    expect(await new Validator().validate(document)).toEqual({ valid: true });
    const broken = (await openapi()) as Record<string, unknown>;
    delete broken['info'];
    expect((await new Validator().validate(broken)).valid).toBe(false);
  });

  it('lists every served path and control route, generated from the tables', async () => {
    const { paths } = await openapi();
    for (const path of Object.keys(routes)) expect(paths[path]?.['post'], path).toBeDefined();
    for (const key of Object.keys(controlRoutes)) {
      const [method = '', path = ''] = key.split(' ');
      expect(paths[path]?.[method.toLowerCase()], key).toBeDefined();
    }
    const declared = Object.entries(paths).flatMap(([path, methods]) => Object.keys(methods).map((m) => `${m.toUpperCase()} ${path}`));
    expect(declared.length).toBe(Object.keys(routes).length + Object.keys(controlRoutes).length + 2);
    expect(paths['/__mock/openapi.json']?.['get']).toBeDefined();
  });

  it('gives each operation its request schema inside {data}, its success envelope and the error envelope', async () => {
    const add = (await openapi()).paths['/v2/users/add']?.['post'] as Record<string, any>;
    expect(add['summary']).toBe('Add users');
    expect(add['security']).toEqual([{ apiKey: [], authToken: [] }]);
    const body = add['requestBody'].content['application/json'].schema;
    expect(body).toMatchObject({ type: 'object', required: ['data'], additionalProperties: false });
    expect(body.properties.data.properties.users.items.required).toEqual(['userId']);
    expect(add['responses']['200'].content['application/json'].schema.properties.result.properties.message).toEqual({
      const: 'User(s) processed successfully.',
    });
    expect(add['responses']['400']).toEqual({ $ref: '#/components/responses/Error' });
    const create = (await openapi()).paths['/v2/workspace/create']?.['post'] as Record<string, unknown>;
    expect(create['security']).toEqual([]);
  });

  it('is committed as openapi.json, current with the tables (npm run openapi rewrites it)', async () => {
    const text = `${JSON.stringify(await openapi(), null, 2)}\n`;
    if (process.env['UPDATE_OPENAPI']) writeFileSync(FILE, text);
    expect(readFileSync(FILE, 'utf8'), 'openapi.json is stale: run `npm run openapi`').toBe(text);
  });
});

describe('GET /__mock/openapi.json on the standalone server', () => {
  it('answers the same document', async () => {
    const running = await listen(createMockService(), { port: 0 });
    try {
      const reply = await fetch(`${running.url}/__mock/openapi.json`);
      expect(reply.status).toBe(200);
      expect(reply.headers.get('content-type')).toBe('application/json; charset=utf-8');
      expect(await reply.text()).toBe(await openapiText());
    } finally {
      await running.close();
    }
  });

  it('names the auth headers of a service with another header prefix', async () => {
    const running = await listen(createMockService({ headerPrefix: 'x-acme-' }), { port: 0 });
    try {
      const document = (await (await fetch(`${running.url}/__mock/openapi.json`)).json()) as {
        components: { securitySchemes: Record<string, { name: string }> };
      };
      const names = Object.values(document.components.securitySchemes).map((scheme) => scheme.name);
      expect(names).toEqual(['x-acme-api-key', 'x-acme-auth-token', 'x-acme-workspace-id', 'x-acme-workspace-auth-token']);
      expect(JSON.stringify(document)).not.toContain('x-service-');
      expect(document).toEqual(await openapi({ headerPrefix: 'x-acme-' }));
    } finally {
      await running.close();
    }
  });
});
