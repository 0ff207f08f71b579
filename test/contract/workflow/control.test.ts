// biome-ignore-all lint/suspicious/noExplicitAny: replies are read as untyped JSON
import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { listen } from '../../../src/adapters/node-server.js';
import { ServiceError } from '../../../src/errors.js';
import { createMockService } from '../../../src/service.js';
import { control } from '../../support/control.js';
import { expectError, fingerprint } from '../../support/expect.js';
import { forEachTransport } from '../../support/transports.js';
import { define, dispatch, docSignoff, execution, mockAgent, otherKey } from './helpers.js';

const DEFAULTS = {
  agentSteps: 'clock',
  webhookRetries: 3,
  pickupDelayMs: 0,
  localTargets: [],
  callbackBaseUrl: 'https://collab-service.test',
  defaultResponse: { status: 200, headers: {}, json: {} },
  appTriggersSupported: true,
  disconnectedInstallations: [],
  listTieSafeCursor: false,
};

forEachTransport('workflow control plane (0.3)', (fresh) => {
  it('config: defaults, a partial change keeps the rest, strict bodies refuse without writing', async () => {
    const c = fresh();
    expect((await control(c, 'GET', '/__mock/workflow/config')).body).toEqual(DEFAULTS);
    const changed = await control(c, 'POST', '/__mock/workflow/config', { agentSteps: 'immediate', defaultResponse: { status: 201, text: 'ok' } });
    expect(changed.body).toEqual({ ...DEFAULTS, agentSteps: 'immediate', defaultResponse: { status: 201, headers: {}, text: 'ok' } });
    const before = fingerprint(c.service);
    expectError(
      await control(c, 'POST', '/__mock/workflow/config', { agentStep: 'manual' }),
      400,
      'INVALID_ARGUMENT',
      "Unrecognized key(s) in object: 'agentStep'",
    );
    expectError(await control(c, 'POST', '/__mock/workflow/config', { webhookRetries: 0 }), 400, 'INVALID_ARGUMENT', /^webhookRetries/);
    expectError(
      await control(c, 'POST', '/__mock/workflow/config', { agentSteps: 'poll' }),
      400,
      'INVALID_ARGUMENT',
      'agentSteps must be one of clock, immediate, manual.',
    );
    expectError(
      await control(c, 'POST', '/__mock/workflow/config', { callbackBaseUrl: 'ftp://x' }),
      400,
      'INVALID_ARGUMENT',
      'callbackBaseUrl must be a valid http(s) URL.',
    );
    expectError(
      await control(c, 'POST', '/__mock/workflow/config', { apiKey: 'nope' }),
      404,
      'NOT_FOUND',
      'Unknown API key nope; GET /__mock/credentials shows the default key.',
    );
    expect(fingerprint(c.service)).toBe(before);
  });

  it('config is per API key: another key keeps the defaults and its own settings', async () => {
    const c = fresh();
    const headers = await otherKey(c);
    const apiKey = headers['x-service-api-key'] as string;
    await control(c, 'POST', '/__mock/workflow/config', { apiKey, pickupDelayMs: 1000 });
    expect((await control(c, 'GET', '/__mock/workflow/config')).body.pickupDelayMs).toBe(0);
    expect((await control(c, 'GET', `/__mock/workflow/config?apiKey=${apiKey}`)).body.pickupDelayMs).toBe(1000);
  });

  it('local targets let a receiver on this machine be named over http', async () => {
    const c = fresh();
    const local = { ...docSignoff(), webhookConfig: { url: 'http://127.0.0.1:4100/hooks', secret: 's'.repeat(16) } };
    expectError(await c.post('/v2/workflow/definitions/create', local), 400, 'INVALID_ARGUMENT', 'webhookUrl must use https scheme');
    await control(c, 'POST', '/__mock/workflow/config', { localTargets: ['127.0.0.1:4100'] });
    expect((await c.post('/v2/workflow/definitions/create', local)).status).toBe(200);
    const elsewhere = { ...docSignoff('other-def'), webhookConfig: { url: 'http://127.0.0.1:4200/hooks', secret: 's'.repeat(16) } };
    expectError(await c.post('/v2/workflow/definitions/create', elsewhere), 400, 'INVALID_ARGUMENT', 'webhookUrl must use https scheme');
  });

  it('webhook responses: one answer or a list; validated strictly; an empty list forgets the URL', async () => {
    const c = fresh();
    const url = 'https://hooks.example.com/x';
    expect((await control(c, 'POST', '/__mock/workflow/webhook-responses', { url, status: 503, headers: { 'retry-after': '1' } })).body).toEqual({
      url,
      responses: [{ status: 503, headers: { 'retry-after': '1' } }],
    });
    expect(
      (await control(c, 'POST', '/__mock/workflow/webhook-responses', { url, responses: [{ status: 500 }, { status: 200, json: [1] }] })).body.responses,
    ).toHaveLength(2);
    const before = fingerprint(c.service);
    expectError(await control(c, 'POST', '/__mock/workflow/webhook-responses', { url, status: 99 }), 400, 'INVALID_ARGUMENT', /status/);
    expectError(await control(c, 'POST', '/__mock/workflow/webhook-responses', { status: 200 }), 400, 'INVALID_ARGUMENT', 'url is required.');
    expectError(
      await control(c, 'POST', '/__mock/workflow/webhook-responses', { url }),
      400,
      'INVALID_ARGUMENT',
      'status is required (or send responses: [...]).',
    );
    expectError(
      await control(c, 'POST', '/__mock/workflow/webhook-responses', { url, status: 200, responses: [] }),
      400,
      'INVALID_ARGUMENT',
      'Send either responses or one answer (status, headers, json or text), not both.',
    );
    expect(fingerprint(c.service)).toBe(before);
    await control(c, 'POST', '/__mock/workflow/webhook-responses', { url, responses: [] });
    expect(c.service.model.store.namespace(c.service.credentials.apiKey).workflow?.webhookResponses.has(url)).toBe(false);
  });

  it('outbox: filtered by run and kind, per API key', async () => {
    const c = fresh();
    await define(c, {
      definitionId: 'both-def',
      name: 'Both',
      nodes: [
        { nodeId: 'n', type: 'notification', config: { channel: 'slack', slackTarget: 'C1', bodyTemplate: 'x' } },
        { nodeId: 'w', type: 'webhook', config: { url: 'https://hooks.example.com/x' } },
      ],
      edges: [],
    });
    const { executionId } = await dispatch(c, 'both-def');
    expect((await control(c, 'GET', '/__mock/workflow/outbox')).body.entries.map((e: any) => e.kind)).toEqual(['notification', 'webhook']);
    expect((await control(c, 'GET', `/__mock/workflow/outbox?kind=webhook&executionId=${executionId}`)).body.entries.map((e: any) => e.nodeId)).toEqual(['w']);
    expect((await control(c, 'GET', '/__mock/workflow/outbox?executionId=exec_other')).body.entries).toEqual([]);
    const headers = await otherKey(c);
    expect((await control(c, 'GET', `/__mock/workflow/outbox?apiKey=${headers['x-service-api-key']}`)).body.entries).toEqual([]);
  });

  it('the inspector overview shows definitions and the newest runs with their open steps', async () => {
    const c = fresh();
    await define(c, docSignoff());
    const { executionId } = await dispatch(c, 'doc-signoff');
    const overview = (await control(c, 'GET', '/__mock/overview')).body;
    expect(overview.workflowCounts).toEqual({ definitions: 1, executions: 1, outbox: 0 });
    expect(overview.workflowDefinitions).toEqual([
      { definitionId: 'doc-signoff', name: 'Document sign-off', version: 1, nodes: 2, updatedAt: '2026-01-01T00:00:00.000Z' },
    ]);
    expect(overview.workflowExecutions).toEqual([
      {
        executionId,
        definitionId: 'doc-signoff',
        version: 1,
        status: 'running',
        startedAt: '2026-01-01T00:00:00.000Z',
        steps: 1,
        open: 'manager-approval (waiting)',
        events: 4,
      },
    ]);
  });

  it('a scripted answer of a long URL survives an export and an import', async () => {
    const c = fresh();
    const url = `https://hooks.example.com/${'x'.repeat(1500)}`;
    await control(c, 'POST', '/__mock/workflow/webhook-responses', { url, status: 503 });
    await define(c, { definitionId: 'long-url', name: 'Long', nodes: [{ nodeId: 'w', type: 'webhook', config: { url } }], edges: [] });
    await dispatch(c, 'long-url');
    const text = c.service.exportState();
    const copy = createMockService({ state: text });
    expect(copy.exportState()).toBe(text);
  });

  it('all of it is state: exported, restored by reset', async () => {
    const c = fresh();
    const start = fingerprint(c.service);
    await control(c, 'POST', '/__mock/workflow/config', { webhookRetries: 5 });
    await define(c, docSignoff());
    await dispatch(c, 'doc-signoff');
    const exported = JSON.parse(c.service.exportState());
    expect(JSON.stringify(exported.tables)).toContain('"webhookRetries":5');
    expect((await control(c, 'POST', '/__mock/reset')).status).toBe(200);
    expect(fingerprint(c.service)).toBe(start);
    expect((await control(c, 'GET', '/__mock/workflow/config')).body.webhookRetries).toBe(3);
  });
});

describe('service.workflow (in process)', () => {
  it('refuses bad input with the control routes’ messages and leaves the state byte-identical', async () => {
    const service = createMockService();
    const before = fingerprint(service);
    const refusal = (fn: () => unknown): ServiceError => {
      try {
        fn();
      } catch (error) {
        if (error instanceof ServiceError) return error;
        throw error;
      }
      throw new Error('expected a refusal');
    };
    expect(refusal(() => service.workflow.configure({ pickupDelayMs: -1 })).status).toBe('INVALID_ARGUMENT');
    expect(refusal(() => service.workflow.configure({ extra: true } as never)).message).toBe("Unrecognized key(s) in object: 'extra'");
    expect(refusal(() => service.workflow.scriptResponse({ url: 'x', status: 1000 })).status).toBe('INVALID_ARGUMENT');
    await expect(service.workflow.fireTrigger({ definitionId: 'none', triggerId: 't' })).rejects.toThrow('Definition not found: none');
    await expect(service.workflow.callback('t', { status: 'completed' })).rejects.toMatchObject({ status: 'NOT_FOUND' });
    expect(refusal(() => service.workflow.config({ apiKey: 'nope' })).status).toBe('NOT_FOUND');
    expect(fingerprint(service)).toBe(before);
    expect(service.workflow.configure({ agentSteps: 'manual' }).agentSteps).toBe('manual');
    expect(service.workflow.config().agentSteps).toBe('manual');
  });

  it('the callback route answers without the control token, like a receiver URL; other control routes still need it', async () => {
    const service = createMockService();
    const server = await listen(service, { port: 0, host: '127.0.0.1', controlToken: 'a-chosen-control-token' });
    try {
      const secret = 's'.repeat(16);
      service.workflow.configure({ localTargets: ['hooks.example.com'] });
      const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
        fetch(`${server.url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
      const api = (path: string, data: unknown) => post(path, { data }, service.credentials.headers).then((r) => r.json() as Promise<any>);
      await api('/v2/workflow/definitions/create', {
        definitionId: 'async-def',
        name: 'Async',
        nodes: [mockAgent('a'), { nodeId: 'w', type: 'webhook', config: { url: 'https://hooks.example.com/x', mode: 'async' } }],
        edges: [{ from: 'a', to: 'w' }],
      });
      const { result } = await api('/v2/workflow/executions/dispatch', {
        definitionId: 'async-def',
        webhookUrl: 'https://receiver.example.com/e',
        webhookSecret: secret,
      });
      const run = (await api('/v2/workflow/executions/get', { executionId: result.executionId })).result;
      const token = createHmac('sha256', secret).update(run.steps[1].stepId).digest('hex');
      expect((await post('/__mock/workflow/config', { webhookRetries: 2 })).status).toBe(401);
      const callback = await post(`/__mock/workflow/callback/${token}`, { status: 'completed' }, { 'x-service-callback-token': token });
      expect(callback.status).toBe(202);
      expect((await api('/v2/workflow/executions/get', { executionId: result.executionId })).result.status).toBe('completed');
      expect(execution).toBeDefined();
    } finally {
      await server.close();
    }
  });
});
