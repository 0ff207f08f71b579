import { expect, it } from 'vitest';
import { expectError, expectSuccess, fingerprint } from '../../support/expect.js';
import { type Client, forEachTransport } from '../../support/transports.js';

type Item = { userId: string; name?: string; email?: string };
const idsOf = (data: Item[]) => data.map((u) => u.userId);
const range = (n: number, prefix = 'u') => Array.from({ length: n }, (_, i) => `${prefix}${String(i).padStart(4, '0')}`);

async function seed(c: Client, organizationId: string, userIds: string[], level: Record<string, string> = {}): Promise<void> {
  expectSuccess(await c.post('/v2/users/add', { organizationId, ...level, users: userIds.map((userId) => ({ userId })) }));
}

async function group(c: Client, groupId: string, userIds: string[]): Promise<void> {
  expectSuccess(await c.post('/v2/organizations/usergroups/users/add', { organizationId: 'org', organizationUserGroupId: groupId, userIds }));
}

/** Walks every page of a query and returns the pages' user ids and tokens. */
async function walk(c: Client, data: Record<string, unknown>): Promise<{ pages: string[][]; tokens: string[] }> {
  const pages: string[][] = [];
  const tokens: string[] = [];
  let pageToken: string | undefined;
  for (let guard = 0; guard < 100; guard++) {
    const result = expectSuccess(await c.post('/v2/users/get', { ...data, ...(pageToken !== undefined ? { pageToken } : {}) }));
    expect(typeof result.nextPageToken).toBe('string');
    pages.push(
      Array.isArray(result.data)
        ? idsOf(result.data)
        : Object.values(result.data as Record<string, Item[]>)
            .flat()
            .map((u) => u.userId),
    );
    tokens.push(result.nextPageToken);
    if (result.nextPageToken === '') break;
    pageToken = result.nextPageToken;
  }
  return { pages, tokens };
}

forEachTransport('users get v2', (fresh) => {
  it('returns exactly { email, name, userId } per user, omitting keys never stored', async () => {
    const c = fresh();
    await c.post('/v2/users/add', {
      organizationId: 'org',
      users: [
        { userId: 'full', name: 'Full Name', email: 'f@x.io', photoUrl: 'p', accessRole: 'viewer', isAdmin: true },
        { userId: 'named', name: 'Only Name' },
        { userId: 'mailed', email: 'm@x.io' },
        { userId: 'bare' },
      ],
    });
    const result = expectSuccess(await c.post('/v2/users/get', { organizationId: 'org' }));
    expect(result).toEqual({
      status: 'success',
      message: 'User(s) retrieved successfully.',
      data: [
        { email: 'f@x.io', name: 'Full Name', userId: 'full' },
        { name: 'Only Name', userId: 'named' },
        { email: 'm@x.io', userId: 'mailed' },
        { userId: 'bare' },
      ],
      nextPageToken: '',
    });
    expect(Object.keys(result.data[0])).toEqual(['email', 'name', 'userId']);
  });

  it('answers an unknown organization with [] and "" and creates nothing', async () => {
    const c = fresh();
    const before = fingerprint(c.service);
    expect(expectSuccess(await c.post('/v2/users/get', { organizationId: 'nowhere', allDocuments: true }))).toEqual({
      status: 'success',
      message: 'User(s) retrieved successfully.',
      data: [],
      nextPageToken: '',
    });
    expect(expectSuccess(await c.post('/v2/users/get', { organizationId: 'nowhere', documentId: 'd' })).data).toEqual([]);
    expect(fingerprint(c.service)).toBe(before);
  });

  it('ANDs userIds with the group filter; the group filter keeps members of any listed group', async () => {
    const c = fresh();
    await seed(c, 'org', ['a', 'b', 'c', 'd', 'e']);
    await group(c, 'g1', ['a', 'b']);
    await group(c, 'g2', ['c', 'b']);
    const get = async (data: Record<string, unknown>) => idsOf(expectSuccess(await c.post('/v2/users/get', { organizationId: 'org', ...data })).data);
    expect(await get({ userIds: ['e', 'a'] })).toEqual(['a', 'e']);
    expect(await get({ organizationUserGroupIds: ['g1', 'g2'] })).toEqual(['a', 'b', 'c']);
    expect(await get({ organizationUserGroupIds: ['g2'] })).toEqual(['b', 'c']);
    expect(await get({ userIds: ['a', 'c', 'd'], organizationUserGroupIds: ['g1', 'g2'] })).toEqual(['a', 'c']);
    expect(await get({ userIds: ['d'], organizationUserGroupIds: ['g1'] })).toEqual([]);
    expect(await get({ organizationUserGroupIds: ['nogroup'] })).toEqual([]);
    await seed(c, 'org', ['a', 'x'], { documentId: 'doc' });
    expect(await get({ documentId: 'doc', organizationUserGroupIds: ['g1'] })).toEqual(['a']);
  });

  it('refuses 31 userIds or 31 organizationUserGroupIds, accepts 30', async () => {
    const c = fresh();
    await seed(c, 'org', ['a']);
    const before = fingerprint(c.service);
    for (const path of ['/v2/users/get', '/v1/users/get']) {
      expectError(await c.post(path, { organizationId: 'org', userIds: range(31) }), 400, 'INVALID_ARGUMENT', 'userIds can contain at most 30 items.');
      expectError(
        await c.post(path, { organizationId: 'org', organizationUserGroupIds: range(31, 'g') }),
        400,
        'INVALID_ARGUMENT',
        'organizationUserGroupIds can contain at most 30 items.',
      );
      expectSuccess(await c.post(path, { organizationId: 'org', userIds: range(30), organizationUserGroupIds: range(30, 'g') }));
    }
    expect(fingerprint(c.service)).toBe(before);
  });

  it('lists document users with allDocuments, excluding organization-level users and ignoring documentId', async () => {
    const c = fresh();
    await seed(c, 'org', ['orgOnly', 'both']);
    await seed(c, 'org', ['d1a', 'both', 'shared'], { documentId: 'doc1' });
    await seed(c, 'org', ['shared', 'd2a'], { documentId: 'doc2' });
    const flat = expectSuccess(await c.post('/v2/users/get', { organizationId: 'org', allDocuments: true, documentId: 'doc2' }));
    expect(idsOf(flat.data)).toEqual(['d1a', 'both', 'shared', 'd2a']);
    const grouped = expectSuccess(await c.post('/v2/users/get', { organizationId: 'org', allDocuments: true, groupByDocumentId: true }));
    expect(grouped).toEqual({
      status: 'success',
      message: 'User(s) retrieved successfully.',
      data: { doc1: [{ userId: 'd1a' }, { userId: 'both' }, { userId: 'shared' }], doc2: [{ userId: 'shared' }, { userId: 'd2a' }] },
      nextPageToken: '',
    });
    const ignored = expectSuccess(await c.post('/v2/users/get', { organizationId: 'org', groupByDocumentId: true }));
    expect(ignored.data).toEqual([{ userId: 'orgOnly' }, { userId: 'both' }]);
  });

  it('pages with pageSize and an opaque token, "" at the end, every user exactly once', async () => {
    const c = fresh();
    const all = range(25);
    await seed(c, 'org', all);
    const { pages, tokens } = await walk(c, { organizationId: 'org', pageSize: 10 });
    expect(pages.map((p) => p.length)).toEqual([10, 10, 5]);
    expect(pages.flat()).toEqual(all);
    expect(tokens[0]).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(tokens.at(-1)).toBe('');
    const exact = await walk(c, { organizationId: 'org', pageSize: 25 });
    expect(exact.pages).toEqual([all]);
    expect(exact.tokens).toEqual(['']);
  });

  it('pages filtered and grouped queries over their matches', async () => {
    const c = fresh();
    await seed(c, 'org', range(12));
    const even = range(12).filter((_, i) => i % 2 === 0);
    expect((await walk(c, { organizationId: 'org', userIds: even, pageSize: 4 })).pages).toEqual([even.slice(0, 4), even.slice(4)]);
    await seed(c, 'org', ['a', 'b', 'c'], { documentId: 'doc1' });
    await seed(c, 'org', ['a', 'd'], { documentId: 'doc2' });
    const grouped = await walk(c, { organizationId: 'org', allDocuments: true, groupByDocumentId: true, pageSize: 2 });
    expect(grouped.pages).toEqual([['a', 'b'], ['c', 'a'], ['d']]);
    const second = expectSuccess(
      await c.post('/v2/users/get', { organizationId: 'org', allDocuments: true, groupByDocumentId: true, pageSize: 2, pageToken: grouped.tokens[0] }),
    );
    expect(second.data).toEqual({ doc1: [{ userId: 'c' }], doc2: [{ userId: 'a' }] });
  });

  it('defaults pageSize to 1000', async () => {
    const c = fresh();
    await seed(c, 'org', range(1001));
    const first = expectSuccess(await c.post('/v2/users/get', { organizationId: 'org' }));
    expect(first.data).toHaveLength(1000);
    expect(first.nextPageToken).not.toBe('');
    const rest = expectSuccess(await c.post('/v2/users/get', { organizationId: 'org', pageToken: first.nextPageToken }));
    expect(idsOf(rest.data)).toEqual(['u1000']);
    expect(rest.nextPageToken).toBe('');
  });

  it('refuses a bad pageToken or pageSize without touching state', async () => {
    const c = fresh();
    await seed(c, 'org', ['a', 'b']);
    const before = fingerprint(c.service);
    const forged = (value: unknown) => btoa(JSON.stringify(value)).replace(/=+$/, '');
    for (const pageToken of ['not a token!', 'abc', forged({ o: -1 }), forged({ o: 1.5 }), forged('x'), forged(null), forged({})]) {
      expectError(await c.post('/v2/users/get', { organizationId: 'org', pageToken }), 400, 'INVALID_ARGUMENT', 'Invalid pageToken.');
    }
    for (const pageSize of [0, -1, 1.5]) {
      expectError(await c.post('/v2/users/get', { organizationId: 'org', pageSize }), 400, 'INVALID_ARGUMENT', 'pageSize must be a positive integer.');
    }
    expectError(await c.post('/v2/users/get', { organizationId: 'org', pageSize: '10' }), 400, 'INVALID_ARGUMENT', 'pageSize must be a number.');
    expectError(await c.post('/v2/users/get', { organizationId: 'org', pageToken: 5 }), 400, 'INVALID_ARGUMENT', 'pageToken must be a string.');
    expectError(await c.post('/v2/users/get', {}), 400, 'INVALID_ARGUMENT', 'organizationId is required.');
    expect(fingerprint(c.service)).toBe(before);
  });
});

forEachTransport('users get v1', (fresh) => {
  it('returns every match at once with no nextPageToken', async () => {
    const c = fresh();
    await seed(c, 'org', range(1001));
    const result = expectSuccess(await c.post('/v1/users/get', { organizationId: 'org', pageSize: 10 }), 'User(s) retrieved successfully.');
    expect(Object.keys(result)).toEqual(['status', 'message', 'data']);
    expect(idsOf(result.data)).toEqual(range(1001));
  });

  it('applies level and filters, and ignores folderId and allDocuments', async () => {
    const c = fresh();
    await seed(c, 'org', ['a', 'b', 'c']);
    await seed(c, 'org', ['d'], { documentId: 'doc' });
    await seed(c, 'org', ['f'], { folderId: 'fold' });
    await group(c, 'g', ['b', 'c']);
    const get = async (data: Record<string, unknown>) => idsOf(expectSuccess(await c.post('/v1/users/get', { organizationId: 'org', ...data })).data);
    expect(await get({})).toEqual(['a', 'b', 'c']);
    expect(await get({ documentId: 'doc' })).toEqual(['d']);
    expect(await get({ folderId: 'fold', allDocuments: true })).toEqual(['a', 'b', 'c']);
    expect(await get({ userIds: ['a', 'c'], organizationUserGroupIds: ['g'] })).toEqual(['c']);
    expect(expectSuccess(await c.post('/v1/users/get', { organizationId: 'nowhere' })).data).toEqual([]);
    expectError(await c.post('/v1/users/get', {}), 400, 'INVALID_ARGUMENT', 'organizationId is required.');
  });
});
