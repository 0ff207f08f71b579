import { expect, it } from 'vitest';
import { md5Hex } from '../../../src/support/ids.js';
import { expectError, expectSuccess, fingerprint } from '../../support/expect.js';
import { namespaceOf, orgOf } from '../../support/store.js';
import { forEachTransport } from '../../support/transports.js';

forEachTransport('organizations', (fresh) => {
  it('adds organizations with md5 ids on both paths, an existing one as an update', async () => {
    for (const path of ['/v2/organizations/add', '/v1/organizations/add']) {
      const c = fresh();
      const first = expectSuccess(
        await c.post(path, { organizations: [{ organizationId: 'yourOrganizationId', organizationName: 'Acme', plan: 'gold' }] }),
        'Organization(s) added successfully.',
      );
      expect(first.data).toEqual({ yourOrganizationId: { success: true, id: md5Hex('yourOrganizationId'), message: 'Added Successfully' } });
      expectSuccess(await c.post(path, { organizations: [{ organizationId: 'yourOrganizationId', disabled: true }] }));
      expect(orgOf(c.service, 'yourOrganizationId')).toMatchObject({ organizationName: 'Acme', disabled: true, extra: { plan: 'gold' } });
    }
  });

  it('gets organizations with metadata, pages them on v2 and not on v1', async () => {
    const c = fresh();
    await c.post('/v2/organizations/add', {
      organizations: [{ organizationId: 'a', organizationName: 'A', tier: 1 }, { organizationId: 'b' }, { organizationId: 'c', organizationName: 'C' }],
    });
    await c.post('/v2/users/add', { organizationId: 'implicit', users: [{ userId: 'u' }] });
    const page1 = expectSuccess(await c.post('/v2/organizations/get', { pageSize: 2 }), 'Organization(s) retrieved successfully.');
    expect(page1.data).toEqual([
      { id: 'a', organizationName: 'A', disabled: false, tier: 1 },
      { id: 'b', disabled: false },
    ]);
    expect(Object.keys(page1.data[0])).toEqual(['id', 'organizationName', 'disabled', 'tier']);
    expect(page1.nextPageToken).toEqual(expect.any(String));
    expect(page1.nextPageToken).not.toBe('');
    const page2 = expectSuccess(await c.post('/v2/organizations/get', { pageSize: 2, pageToken: page1.nextPageToken }));
    expect(page2.data).toEqual([
      { id: 'c', organizationName: 'C', disabled: false },
      { id: 'implicit', disabled: false },
    ]);
    expect(page2.nextPageToken).toBe('');
    const named = expectSuccess(await c.post('/v2/organizations/get', { organizationIds: ['c', 'missing', 'a'] }));
    expect(named.data.map((o: { id: string }) => o.id)).toEqual(['c', 'a']);
    const v1 = await c.post('/v1/organizations/get', {});
    expect(expectSuccess(v1).data).toHaveLength(4);
    expect(v1.body.result).not.toHaveProperty('nextPageToken');
  });

  it('updates present fields only and fails a missing organization per item without creating it', async () => {
    const c = fresh();
    await c.post('/v2/organizations/add', { organizations: [{ organizationId: 'a', organizationName: 'A', tier: 1 }] });
    const reply = await c.post('/v2/organizations/update', {
      organizations: [
        { organizationId: 'a', tier: 2 },
        { organizationId: 'nope', organizationName: 'X' },
      ],
    });
    expect(expectSuccess(reply, 'Organization(s) updated successfully.').data).toEqual({
      a: { success: true, id: md5Hex('a'), message: 'Updated Successfully' },
      nope: { success: false, id: md5Hex('nope'), message: 'Organization does not exist' },
    });
    expect(orgOf(c.service, 'a')).toMatchObject({ organizationName: 'A', extra: { tier: 2 } });
    expect(orgOf(c.service, 'nope')).toBeUndefined();
  });

  it('deletes an organization with everything under it', async () => {
    const c = fresh();
    await c.post('/v2/organizations/documents/add', { organizationId: 'a', documents: [{ documentId: 'd' }] });
    await c.post('/v2/crdt/add', { organizationId: 'a', documentId: 'd', editorId: 'e', type: 'text', data: 'x' });
    await c.post('/v2/organizations/documents/migrate', { organizationId: 'a', documentId: 'd', newDocumentId: 'd2' });
    const reply = await c.post('/v1/organizations/delete', { organizationIds: ['a', 'b'] });
    expect(expectSuccess(reply, 'Organization(s) deleted successfully.').data).toEqual({
      a: { success: true, id: md5Hex('a'), message: 'Deleted Successfully' },
      b: { success: false, id: md5Hex('b'), message: 'Organization does not exist' },
    });
    const ns = namespaceOf(c.service);
    expect(ns.organizations.has('a')).toBe(false);
    expect(ns.editors.has('a')).toBe(false);
    expect([...ns.migrations.values()].filter((m) => m.organizationId === 'a')).toEqual([]);
    expect(expectSuccess(await c.post('/v2/crdt/get', { organizationId: 'a', documentId: 'd', editorId: 'e' })).data).toEqual([]);
  });

  it('serves the v1 twin of organization disable state', async () => {
    const c = fresh();
    await c.post('/v2/organizations/add', { organizations: [{ organizationId: 'a' }] });
    const reply = await c.post('/v1/organizations/access/disablestate/update', { organizationIds: ['a'], disabled: true });
    expectSuccess(reply, 'Updated disable state for Organization(s) successfully.');
    expect(orgOf(c.service, 'a')?.disabled).toBe(true);
  });

  it('refuses bad input without touching state', async () => {
    const c = fresh();
    await c.post('/v2/organizations/add', { organizations: [{ organizationId: 'a' }] });
    const before = fingerprint(c.service);
    expectError(await c.post('/v2/organizations/add', {}), 400, 'INVALID_ARGUMENT', 'organizations is required.');
    expectError(await c.post('/v2/organizations/add', { organizations: [] }), 400, 'INVALID_ARGUMENT', 'organizations must contain at least 1 item.');
    expectError(
      await c.post('/v1/organizations/add', { organizations: [{ organizationName: 'x' }] }),
      400,
      'INVALID_ARGUMENT',
      'organizations[0].organizationId is required.',
    );
    expectError(
      await c.post('/v2/organizations/add', { organizations: [{ organizationId: 'a', disabled: 'yes' }] }),
      400,
      'INVALID_ARGUMENT',
      'organizations[0].disabled must be a boolean.',
    );
    expectError(
      await c.post('/v2/organizations/update', { organizations: [{ organizationId: ' ' }] }),
      400,
      'INVALID_ARGUMENT',
      'organizations[0].organizationId is required.',
    );
    expectError(await c.post('/v2/organizations/delete', {}), 400, 'INVALID_ARGUMENT', 'organizationIds is required.');
    expectError(
      await c.post('/v2/organizations/get', { organizationIds: Array.from({ length: 31 }, (_, i) => `o${i}`) }),
      400,
      'INVALID_ARGUMENT',
      'organizationIds can contain at most 30 items.',
    );
    expectError(await c.post('/v2/organizations/get', { pageSize: 0 }), 400, 'INVALID_ARGUMENT', 'pageSize must be a positive integer.');
    expectError(await c.post('/v2/organizations/get', { pageToken: 'garbage' }), 400, 'INVALID_ARGUMENT', 'Invalid pageToken.');
    expect(fingerprint(c.service)).toBe(before);
  });
});
