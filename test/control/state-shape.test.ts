import { expect, it } from 'vitest';
import { createScenarioService } from '../../src/index.js';
import { control } from '../support/control.js';
import { expectError, expectSuccess, fingerprint } from '../support/expect.js';
import { forEachTransport } from '../support/transports.js';

forEachTransport('control plane: importing a state that does not fit the format', (fresh) => {
  it('refuses it naming the first bad path, and the service goes on working', async () => {
    const c = fresh({ seed: 4 });
    await c.post('/v2/users/add', { organizationId: 'org', users: [{ userId: 'u1' }] });
    const before = fingerprint(c.service);
    const state = JSON.parse(c.service.exportState()) as Record<string, unknown>;
    const cases: [unknown, string][] = [
      [{}, 'This state does not fit the state format: tables.workspaces must be a Map ({"$map": [[key, value], ...]}).'],
      [
        { ...(state['tables'] as object), namespaces: { $map: 7 } },
        'This state does not fit the state format: tables.namespaces ($map) must hold [key, value] pairs.',
      ],
    ];
    for (const [tables, message] of cases) {
      expectError(await control(c, 'POST', '/__mock/state', { ...state, tables }), 400, 'INVALID_ARGUMENT', message);
      expect(fingerprint(c.service)).toBe(before);
    }
    const users = JSON.parse(JSON.stringify(state)) as {
      tables: { namespaces: { $map: [string, { organizations: { $map: [string, Record<string, unknown>][] } }][] } };
    };
    const org = users.tables.namespaces.$map[0]![1].organizations.$map[0]![1];
    org['users'] = [];
    expectError(
      await control(c, 'POST', '/__mock/state', users),
      400,
      'INVALID_ARGUMENT',
      `This state does not fit the state format: tables.namespaces[${JSON.stringify(c.service.credentials.apiKey)}].organizations["org"].users must be a Map ({"$map": [[key, value], ...]}).`,
    );
    expect(fingerprint(c.service)).toBe(before);
    expect(expectSuccess(await c.post('/v2/users/get', { organizationId: 'org' })).data).toEqual([{ userId: 'u1' }]);
    expect((await control(c, 'POST', '/__mock/reset')).status).toBe(200);
    expect((await control(c, 'POST', '/__mock/state', state)).body).toEqual({ status: 'ok' });
  });

  it('refuses an imported clock outside the range of Date', async () => {
    const c = fresh({ seed: 4 });
    const state = JSON.parse(c.service.exportState()) as Record<string, unknown>;
    expectError(
      await control(c, 'POST', '/__mock/state', { ...state, now: 9e15 }),
      400,
      'INVALID_ARGUMENT',
      /^This state has no valid "rng" \(four numbers\) or "now"/,
    );
  });

  it('refuses to advance the clock past the last instant of Date', async () => {
    const c = fresh();
    expectError(
      await control(c, 'POST', '/__mock/clock/advance', { ms: 8.64e15 }),
      400,
      'INVALID_ARGUMENT',
      /^advance\(8640000000000000\) would move the clock past \+275760-09-13T00:00:00\.000Z, the last instant a Date can hold/,
    );
    expect(expectSuccess(await c.post('/v2/crdt/add', { organizationId: 'o', documentId: 'd', editorId: 'e', type: 'text', data: 'x' }))).toBeDefined();
  });
});

it('imports the large scenario over HTTP (the state route takes up to 64 MiB)', async () => {
  const { listen } = await import('../../src/adapters/node-server.js');
  const built = await createScenarioService({ scenario: 'large', seed: 1 });
  const text = built.exportState();
  expect(text.length).toBeGreaterThan(1024 * 1024);
  const target = await createScenarioService({ scenario: 'starter', seed: 1 });
  const running = await listen(target, { port: 0 });
  try {
    const reply = await fetch(`${running.url}/__mock/state`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: text });
    expect(await reply.json()).toEqual({ status: 'ok' });
    expect(target.exportState()).toBe(text);
  } finally {
    await running.close();
  }
}, 60_000);
