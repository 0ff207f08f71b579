import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { area, isLazy, routeOf } from '../../src/protocol/areas.js';
import { defineOperation, type Operation } from '../../src/protocol/operation.js';
import { loadRoutes, routes } from '../../src/routes.js';
import { createMockService, serviceHooks } from '../../src/service.js';
import { firstUseInOrder } from '../../src/surface.js';

const json = { 'content-type': 'application/json' };

/** What the pipeline reads of an operation before it runs, and the shape of its reply. */
const facts = (op: Operation) => ({ auth: op.auth, summary: op.summary, missingTokenMessage: op.missingTokenMessage, bare: op.message === null });

describe('areas that load on first use', () => {
  const lazy = Object.entries(routes).filter(([, route]) => isLazy(route));

  it('serve workspace administration, migrations, user-data erasure, recordings and the product lines, and none of the core paths a page calls', () => {
    const paths = lazy.map(([path]) => path);
    const lazyArea =
      /^\/v[12]\/(agents|workflow|rewriter|memory\/(knowledge|profiles|patterns|stats|alerts|search|ask|judgments)|workspace\/(emailconfig|webhookconfig|activityconfig|advancedwebhookconfig|advancedwebhook|apikeyconfig|notificationconfig|permissionproviderconfig|email)|organizations\/documents\/migrate|users\/data\/delete|recordings)\b/;
    expect(paths.filter((p) => !lazyArea.test(p))).toEqual([]);
    expect(Object.keys(routes).filter((p) => lazyArea.test(p) && !paths.includes(p))).toEqual([]);
    for (const core of ['/v2/users/get', '/v2/commentannotations/add', '/v2/notifications/get', '/v2/memory/suggest', '/v2/workspace/get', '/v2/crdt/update'])
      expect(paths, core).not.toContain(core);
  });

  it('hold for each line exactly what the operation it stands for declares: auth, missing-token wording, summary, bare reply', async () => {
    const all = await loadRoutes();
    for (const [path, line] of lazy) {
      const own = all[path]?.operation as Operation;
      expect(own, path).toBeDefined();
      expect(own, path).not.toBe(line.operation);
      expect(facts(line.operation), path).toEqual(facts(own));
      expect(all[path]?.version, path).toBe(line.version);
    }
  });

  it('load into a table of the same paths in the same order, the core lines unchanged', async () => {
    const all = await loadRoutes();
    expect(Object.keys(all)).toEqual(Object.keys(routes));
    for (const [path, route] of Object.entries(routes)) if (!isLazy(route)) expect(all[path], path).toBe(route);
    expect(await loadRoutes()).toBe(all);
    const agentsCreate = routes['/v2/agents/create'];
    if (!agentsCreate) throw new Error('no /v2/agents/create line');
    expect(routeOf(agentsCreate)).toBe(all['/v2/agents/create']);
  });

  it('answer a refusal by gate or credentials on a lazy path as the operation does, and name it in the journal', async () => {
    const service = createMockService();
    const named: string[] = [];
    serviceHooks(service).after.push((_call, _reply, info) => named.push(info.route?.operation.summary ?? '-'));
    const apiKeyOnly = { ...json, 'x-service-api-key': service.credentials.apiKey };
    const noToken = await service.dispatch({ method: 'POST', path: '/v2/workflow/definitions/list', headers: apiKeyOnly, body: '{"data":{}}' });
    expect(noToken.status).toBe(400);
    expect(JSON.parse(noToken.body)).toEqual({ error: { status: 'INVALID_ARGUMENT', message: 'Auth token is required' } });
    const get = await service.dispatch({ method: 'GET', path: '/v2/agents/create', headers: json, body: '' });
    expect(JSON.parse(get.body)).toEqual({ error: { status: 'INVALID_ARGUMENT', message: 'Bad Request' } });
    const typo = await service.dispatch({ method: 'POST', path: '/v2/agents/creat', headers: json, body: '{"data":{}}' });
    expect(JSON.parse(typo.body)).toEqual({ error: { status: 'NOT_FOUND', message: 'Unknown path /v2/agents/creat. Did you mean /v2/agents/create?' } });
    expect(named).toEqual(['List workflow definitions', 'Create agent', '-']);
  });

  it('validate with the operation itself and answer with its envelope: its message, or a bare result', async () => {
    const service = createMockService();
    const headers = { ...json, ...service.credentials.headers };
    const refused = await service.dispatch({ method: 'POST', path: '/v2/agents/groups/create', headers, body: '{"data":{}}' });
    expect(refused.status).toBe(400);
    expect(JSON.parse(refused.body).error.status).toBe('INVALID_ARGUMENT');
    const created = await service.dispatch({ method: 'POST', path: '/v2/agents/groups/create', headers, body: '{"data":{"name":"Reviewers"}}' });
    expect(JSON.parse(created.body).result).toMatchObject({ status: 'success', message: 'Agent group created successfully' });
    const listed = await service.dispatch({ method: 'POST', path: '/v2/memory/knowledge/list', headers, body: '{"data":{}}' });
    expect(Object.keys(JSON.parse(listed.body).result)).not.toContain('status');
  });
});

describe('area()', () => {
  const op = (summary: string) =>
    defineOperation({ auth: 'apiKey', summary, message: 'Done.', schema: z.strictObject({ n: z.number() }), run: ({ data }) => ({ data }) });

  it('imports an area once, and again after an import that failed', async () => {
    let imports = 0;
    let fail = true;
    const one = op('One');
    const demo = area(
      async () => {
        imports += 1;
        if (fail) throw new Error('chunk unavailable');
        return { one };
      },
      { auth: 'apiKey' },
    );
    const line = demo.v2('One', (m) => m.one);
    await expect(Promise.resolve(line.load())).rejects.toThrow('chunk unavailable');
    fail = false;
    const [a, b] = await Promise.all([line.load(), line.load()]);
    expect(a).toBe(b);
    expect(line.load()).toBe(a);
    expect(a).toEqual({ operation: one, version: 'v2' });
    expect(imports).toBe(2);
  });
});

describe('firstUseInOrder()', () => {
  it('hands a loaded part at once while nothing is waited for, and after every earlier wait otherwise', async () => {
    const inTurn = firstUseInOrder();
    expect(inTurn('table', () => Promise.reject(new Error('not asked')))).toBe('table');
    let release: (plane: string) => void = () => undefined;
    const slow = new Promise<string>((resolve) => {
      release = resolve;
    });
    const order: string[] = [];
    // A control call waits for the control plane; an API call after it finds the route table loaded.
    const control = Promise.resolve(inTurn(undefined, () => slow)).then((plane) => order.push(`control ${plane}`));
    const api = Promise.resolve(inTurn('table', () => Promise.reject(new Error('not asked')))).then((table) => order.push(`api ${table}`));
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(order).toEqual([]);
    release('plane');
    await Promise.all([control, api]);
    expect(order).toEqual(['control plane', 'api table']);
    // Once every wait is over, a loaded part is handed over at once again.
    expect(inTurn('table', () => Promise.reject(new Error('not asked')))).toBe('table');
  });

  it('lets the calls after a failed load go on', async () => {
    const inTurn = firstUseInOrder();
    const failed = inTurn(undefined, () => Promise.reject(new Error('chunk unavailable')));
    const next = inTurn('table', () => Promise.reject(new Error('not asked')));
    await expect(failed).rejects.toThrow('chunk unavailable');
    expect(await next).toBe('table');
  });
});
