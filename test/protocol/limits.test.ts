import { expect, it } from 'vitest';
import { checkLimits, MAX_DEPTH, MAX_ID_LENGTH, MAX_KEY_LENGTH, MAX_KEYS, MAX_STRING_LENGTH } from '../../src/protocol/limits.js';
import { createMockService } from '../../src/service.js';
import { expectError, expectSuccess, fingerprint } from '../support/expect.js';
import { forEachTransport } from '../support/transports.js';

/** `{ k: { k: ... 'x' } }` with `levels` objects. */
function nested(levels: number): unknown {
  let value: unknown = 'x';
  for (let i = 0; i < levels; i++) value = { k: value };
  return value;
}

forEachTransport('input limits at the gate', (fresh) => {
  it('refuses ids over 1,024 characters, and a state of ids at the limit exports and imports whole', async () => {
    const c = fresh();
    const before = fingerprint(c.service);
    const long = 'i'.repeat(MAX_ID_LENGTH + 1);
    for (const [path, data, at] of [
      ['/v2/users/add', { organizationId: 'org', users: [{ userId: long }] }, 'data.users[0].userId'],
      ['/v2/crdt/add', { organizationId: 'org', documentId: 'doc', editorId: 'e', type: 'text', data: 'x', contentKey: long }, 'data.contentKey'],
      ['/v2/users/delete', { organizationId: 'org', userIds: ['a', long] }, 'data.userIds[1]'],
    ] as const) {
      expectError(await c.post(path, data), 400, 'INVALID_ARGUMENT', `${at} is longer than ${MAX_ID_LENGTH} characters; ids are at most ${MAX_ID_LENGTH}.`);
    }
    expect(fingerprint(c.service)).toBe(before);
    // Ids at the limit everywhere, with a pending crdt.update_data whose key joins three of them.
    const at = (c: string) => c.repeat(MAX_ID_LENGTH);
    const ids = { organizationId: at('o'), documentId: at('d'), editorId: at('"') };
    expectSuccess(await c.post('/v2/workspace/advancedwebhookconfig/update', { isEnabled: true }));
    expectSuccess(await c.post('/v2/workspace/advancedwebhook/endpoints/create', { url: 'https://hooks.example.com/x' }));
    expectSuccess(await c.post('/v2/users/add', { organizationId: ids.organizationId, users: [{ userId: at('u') }] }));
    expectSuccess(await c.post('/v2/crdt/add', { ...ids, type: 'text', data: 'x', contentKey: at('k') }));
    const exported = c.service.exportState();
    expect(createMockService({ state: exported }).exportState()).toBe(exported);
  });

  it('refuses nesting, key counts, string and key sizes past the limits, naming the path, and changes nothing', async () => {
    const c = fresh();
    const before = fingerprint(c.service);
    const add = (custom: unknown) => c.post('/v2/users/add', { organizationId: 'org', users: [{ userId: 'u1', custom }] });
    // data (1) > users (2) > [0] (3) > custom (4): the custom value may hold MAX_DEPTH - 3 nested objects.
    const fullPath = `data.users[0].custom${'.k'.repeat(MAX_DEPTH - 3)}`;
    // A long path is shown by its first 60 and last 50 characters.
    const deepPath = `${fullPath.slice(0, 60)}…${fullPath.slice(-50)}`;
    expectError(await add(nested(MAX_DEPTH - 2)), 400, 'INVALID_ARGUMENT', `${deepPath} nests deeper than ${MAX_DEPTH} levels.`);
    const headers = { 'content-type': 'application/json', ...c.service.credentials.headers };
    const deep = `{"data":{"organizationId":"org","users":[{"userId":"u1","custom":${'{"k":'.repeat(5000)}1${'}'.repeat(5000)}}]}}`;
    expectError(await c.raw({ method: 'POST', path: '/v2/users/add', headers, body: deep }), 400, 'INVALID_ARGUMENT', /nests deeper than 64 levels\.$/);
    const wide = Object.fromEntries(Array.from({ length: MAX_KEYS + 1 }, (_, i) => [`k${i}`, i]));
    expectError(await add(wide), 400, 'INVALID_ARGUMENT', `data.users[0].custom has more than ${MAX_KEYS} keys.`);
    expectError(
      await add({ ['k'.repeat(MAX_KEY_LENGTH + 1)]: 1 }),
      400,
      'INVALID_ARGUMENT',
      `data.users[0].custom has a key longer than ${MAX_KEY_LENGTH} characters.`,
    );
    const proto = await c.raw({
      method: 'POST',
      path: '/v2/users/add',
      headers,
      body: '{"data":{"organizationId":"org","users":[{"userId":"u1","custom":{"__proto__":{"polluted":true}}}]}}',
    });
    expectError(proto, 400, 'INVALID_ARGUMENT', 'data.users[0].custom has the key __proto__, which is not accepted.');
    expect(({} as Record<string, unknown>)['polluted']).toBeUndefined();
    expect(fingerprint(c.service)).toBe(before);
  });

  it('accepts a value at the limits, and it reads and exports back', async () => {
    const c = fresh();
    const custom = nested(MAX_DEPTH - 3);
    expectSuccess(await c.post('/v2/users/add', { organizationId: 'org', users: [{ userId: 'u1', custom }] }));
    expect(JSON.parse(c.service.exportState())).toBeDefined();
    expect(expectSuccess(await c.post('/v2/users/get', { organizationId: 'org' })).data).toEqual([{ userId: 'u1' }]);
  });

  it('treats inherited names as ordinary content keys and unknown paths', async () => {
    const c = fresh();
    for (const contentKey of ['constructor', 'toString', 'hasOwnProperty']) {
      expectSuccess(await c.post('/v2/crdt/add', { organizationId: 'o', documentId: 'd', editorId: contentKey, type: 'text', data: 'hi', contentKey }));
    }
    expect(expectSuccess(await c.post('/v2/crdt/get', { organizationId: 'o', documentId: 'd', editorId: 'constructor' })).data[0].data).toBe('hi');
    expectError(await c.post('/constructor', {}), 404, 'NOT_FOUND', /^Unknown path \/constructor/);
    expectError(await c.post('/v2/toString', {}), 404, 'NOT_FOUND', /^Unknown path \/v2\/toString/);
  });
});

it('bounds strings (a body can hold one only as long as its byte limit allows)', () => {
  expect(checkLimits({ s: 'y'.repeat(MAX_STRING_LENGTH + 1) }, 'data')).toBe(`data.s is longer than ${MAX_STRING_LENGTH} characters.`);
  expect(checkLimits({ s: 'y'.repeat(MAX_STRING_LENGTH) }, 'data')).toBeUndefined();
});
