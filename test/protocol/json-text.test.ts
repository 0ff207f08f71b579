import { describe, expect, it } from 'vitest';
import { userSummary, userSummaryText } from '../../src/model/users/query.js';
import { JsonText, success } from '../../src/protocol/envelope.js';
import { createMockService } from '../../src/service.js';

/** The envelope of `data` given as a value: the bytes a reply held as text must equal. */
const asValue = (message: string, data: unknown, beside?: Record<string, unknown>) => success(message, data, beside).body;

describe('a reply whose data is kept as JSON text', () => {
  const items = [{ email: 'a@example.com', name: 'Ada "the first"', userId: 'u1' }, { userId: 'ü/2\u2028' }];
  const text = new JsonText(JSON.stringify(items));

  it('writes the same bytes as the envelope of the value, with every cursor field after data', () => {
    for (const beside of [undefined, {}, { nextPageToken: '' }, { nextPageToken: 'abc', total: 2, more: null }]) {
      const reply = success('User(s) retrieved successfully.', text, beside);
      expect(reply.body).toBe(asValue('User(s) retrieved successfully.', items, beside));
      expect(reply.status).toBe(200);
      expect(reply.headers).toEqual({ 'content-type': 'application/json; charset=utf-8' });
    }
  });

  it('leaves out a cursor field that is undefined, as JSON.stringify does', () => {
    expect(success('m', text, { nextPageToken: undefined, total: 1 }).body).toBe(asValue('m', items, { nextPageToken: undefined, total: 1 }));
  });

  it('lets a cursor field named like an envelope field take its place, as the value envelope does', () => {
    for (const beside of [{ data: 'x' }, { status: 'partial', nextPageToken: '' }, { message: 'other' }]) {
      expect(success('m', text, beside).body).toBe(asValue('m', items, beside));
    }
  });

  it('reads as the value it holds wherever it is serialised again', () => {
    expect(JSON.stringify({ data: text })).toBe(JSON.stringify({ data: items }));
  });
});

describe("get users' items kept as text beside their records", () => {
  it('are the bytes of the summary, and follow a record changed in place', () => {
    const user: { userId: string; name?: string; email?: string } = { userId: 'u1', name: 'Ada' };
    const first = userSummaryText(user as never);
    expect(first).toBe(JSON.stringify(userSummary(user as never)));
    expect(userSummaryText(user as never)).toBe(first);
    user.name = 'Ada Lovelace';
    user.email = 'ada@example.com';
    expect(userSummaryText(user as never)).toBe('{"email":"ada@example.com","name":"Ada Lovelace","userId":"u1"}');
    delete user.email;
    expect(userSummaryText(user as never)).toBe('{"name":"Ada Lovelace","userId":"u1"}');
  });

  it('show a user updated through the API on the next get, byte for byte as before', async () => {
    const service = createMockService();
    const headers = { 'content-type': 'application/json', ...service.credentials.headers };
    const call = async (path: string, data: unknown) => (await service.dispatch({ method: 'POST', path, headers, body: JSON.stringify({ data }) })).body;
    await call('/v2/users/add', { organizationId: 'o', users: [{ userId: 'u1', name: 'Ada', email: 'ada@example.com' }, { userId: 'u2' }] });
    expect(await call('/v2/users/get', { organizationId: 'o' })).toBe(
      '{"result":{"status":"success","message":"User(s) retrieved successfully.","data":[{"email":"ada@example.com","name":"Ada","userId":"u1"},{"userId":"u2"}],"nextPageToken":""}}',
    );
    await call('/v2/users/update', { organizationId: 'o', users: [{ userId: 'u1', name: 'Ada Lovelace' }] });
    const after = JSON.parse(await call('/v2/users/get', { organizationId: 'o', pageSize: 1 }));
    expect(after.result.data).toEqual([{ email: 'ada@example.com', name: 'Ada Lovelace', userId: 'u1' }]);
    expect(after.result.nextPageToken).not.toBe('');
  });
});
