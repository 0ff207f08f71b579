import { expect, it } from 'vitest';
import { expectError, expectSuccess, fingerprint } from '../../support/expect.js';
import { orgOf } from '../../support/store.js';
import { type Client, forEachTransport } from '../../support/transports.js';

const NOW = Date.UTC(2026, 0, 1);

/** folder1 > folder1.1 > folder1.1.1, and folder2 at the top; folder1 is restricted. */
async function tree(c: Client): Promise<void> {
  expectSuccess(
    await c.post('/v2/organizations/folders/add', {
      organizationId: 'org',
      folders: [
        { folderId: 'folder1', folderName: 'One', accessType: 'restricted' },
        { folderId: 'folder1.1', parentFolderId: 'folder1' },
        { folderId: 'folder1.1.1', parentFolderId: 'folder1.1', accessType: 'public' },
        { folderId: 'folder2', parentFolderId: 'root' },
      ],
    }),
  );
}

const ids = (folders: Array<{ folderId: string }>): string[] => folders.map((f) => f.folderId);

forEachTransport('folders', (fresh) => {
  it('adds nested folders, refusing existing ids and missing parents per item', async () => {
    for (const path of ['/v2/organizations/folders/add', '/v1/organizations/folders/add']) {
      const c = fresh();
      const reply = await c.post(path, {
        organizationId: 'org',
        folders: [{ folderId: 'yourFolderId' }, { folderId: 'yourFolderId' }, { folderId: 'orphan', parentFolderId: 'nowhere' }],
      });
      expect(expectSuccess(reply, 'Folder created successfully.').data).toEqual({
        yourFolderId: { success: false, id: 'yourFolderId', message: 'Folder already exists.' },
        orphan: { success: false, id: 'orphan', message: 'Parent folder does not exist.' },
      });
      expect([...(orgOf(c.service, 'org')?.folders.keys() ?? [])]).toEqual(['yourFolderId']);
    }
  });

  it('gets every folder flat, or one folder with subFolders down to maxDepth', async () => {
    const c = fresh();
    await tree(c);
    const all = expectSuccess(await c.post('/v2/organizations/folders/get', { organizationId: 'org' }), 'Folders retrieved successfully.');
    expect(ids(all.data)).toEqual(['folder1', 'folder1.1', 'folder1.1.1', 'folder2']);
    expect(all.data[1]).toEqual({
      folderId: 'folder1.1',
      organizationId: 'org',
      parentFolderId: 'folder1',
      apiKey: c.service.credentials.apiKey,
      createdAt: NOW,
      lastUpdated: NOW,
      ancestors: ['root', 'folder1'],
      accessType: 'restricted',
      inheritAccessFromParent: true,
    });
    expect(all.data[0]).toMatchObject({
      folderName: 'One',
      parentFolderId: 'root',
      ancestors: ['root'],
      accessType: 'restricted',
      inheritAccessFromParent: false,
    });
    expect(all.data[3]).toMatchObject({ accessType: 'public', inheritAccessFromParent: false });
    const one = expectSuccess(
      await c.post('/v2/organizations/folders/get', { organizationId: 'org', folderId: 'folder1' }),
      'Folder(s) retrieved successfully.',
    );
    expect(one.data[0].subFolders.map((f: { folderId: string }) => f.folderId)).toEqual(['folder1.1']);
    expect(one.data[0].subFolders[0]).not.toHaveProperty('subFolders');
    const deep = expectSuccess(await c.post('/v2/organizations/folders/get', { organizationId: 'org', folderId: 'folder1', maxDepth: 3 }));
    expect(deep.data[0].subFolders[0].subFolders[0]).toMatchObject({
      folderId: 'folder1.1.1',
      ancestors: ['root', 'folder1', 'folder1.1'],
      accessType: 'public',
    });
    expectSuccess(await c.post('/v1/organizations/folders/get', { organizationId: 'org', folderId: 'folder1' }), 'Folders retrieved successfully.');
  });

  it('renames and moves folders, recomputing ancestors and access below', async () => {
    const c = fresh();
    await tree(c);
    c.service.clock.advance(5000);
    const reply = await c.post('/v2/organizations/folders/update', {
      organizationId: 'org',
      folders: [
        { folderId: 'folder1.1', parentFolderId: 'folder2', folderName: 'Moved' },
        { folderId: 'folder2', parentFolderId: 'folder1.1.1' },
        { folderId: 'missing', folderName: 'x' },
      ],
    });
    expect(expectSuccess(reply, 'Folder Updated successfully.').data).toEqual({
      'folder1.1': { success: true, id: 'folder1.1', message: 'Folder Updated.' },
      folder2: { success: false, id: 'folder2', message: 'Cannot move a folder into itself or its subfolder.' },
      missing: { success: false, id: 'missing', message: 'Folder not found.' },
    });
    const all = expectSuccess(await c.post('/v1/organizations/folders/get', { organizationId: 'org' })).data;
    expect(all[1]).toMatchObject({ folderName: 'Moved', ancestors: ['root', 'folder2'], accessType: 'public', lastUpdated: NOW + 5000, createdAt: NOW });
    expect(all[2]).toMatchObject({ ancestors: ['root', 'folder2', 'folder1.1'] });
  });

  it('updates folder access, or makes a folder inherit, with the documented messages', async () => {
    const c = fresh();
    await tree(c);
    const set = await c.post('/v2/organizations/folders/access/update', {
      organizationId: 'org',
      folderIds: ['folder1.1', 'yourFolderId1, yourFolderId2'],
      accessType: 'organizationPrivate',
    });
    expect(expectSuccess(set, 'Updated access for folders successfully.').data).toEqual({
      'folder1.1': { success: true, accessType: 'organizationPrivate', message: 'Folder access type updated.' },
      'yourFolderId1, yourFolderId2': { success: false, accessType: null, message: 'Folder not found.' },
    });
    const inherit = await c.post('/v1/organizations/folders/access/update', {
      organizationId: 'org',
      folderIds: ['folder1.1'],
      inheritFromParent: true,
      accessType: 'public',
    });
    expect(expectSuccess(inherit, 'Folder access type updated.').data).toEqual({
      'folder1.1': { success: true, accessType: null, inheritFromParent: true, message: 'Folder access type updated.' },
    });
    const got = expectSuccess(await c.post('/v2/organizations/folders/get', { organizationId: 'org', folderId: 'folder1.1' })).data[0];
    expect(got).toMatchObject({ accessType: 'restricted', inheritAccessFromParent: true });
  });

  it('deletes a folder with its subfolders and their documents', async () => {
    const c = fresh();
    await tree(c);
    await c.post('/v2/organizations/documents/add', { organizationId: 'org', folderId: 'folder1.1.1', documents: [{ documentId: 'deep' }] });
    await c.post('/v2/organizations/documents/add', { organizationId: 'org', folderId: 'folder2', documents: [{ documentId: 'kept' }] });
    const reply = await c.post('/v2/organizations/folders/delete', { organizationId: 'org', folderId: 'folder1' });
    expect(expectSuccess(reply, 'Folder deletion initiated successfully.')).toEqual({
      status: 'success',
      message: 'Folder deletion initiated successfully.',
      data: null,
    });
    const org = orgOf(c.service, 'org');
    expect([...(org?.folders.keys() ?? [])]).toEqual(['folder2']);
    expect([...(org?.documents.keys() ?? [])]).toEqual(['kept']);
  });

  it('answers 404 Folder not found. for an unknown folder, changing nothing', async () => {
    const c = fresh();
    await tree(c);
    const before = fingerprint(c.service);
    expectError(await c.post('/v2/organizations/folders/delete', { organizationId: 'org', folderId: 'nope' }), 404, 'NOT_FOUND', 'Folder not found.');
    expectError(await c.post('/v2/organizations/folders/delete', { organizationId: 'other', folderId: 'folder1' }), 404, 'NOT_FOUND', 'Folder not found.');
    expectError(await c.post('/v2/organizations/folders/get', { organizationId: 'org', folderId: 'nope' }), 404, 'NOT_FOUND', 'Folder not found.');
    expect(fingerprint(c.service)).toBe(before);
  });

  it('refuses bad input without touching state', async () => {
    const c = fresh();
    await tree(c);
    const before = fingerprint(c.service);
    expectError(await c.post('/v2/organizations/folders/add', { folders: [{ folderId: 'x' }] }), 400, 'INVALID_ARGUMENT', 'organizationId is required.');
    expectError(await c.post('/v2/organizations/folders/add', { organizationId: 'org' }), 400, 'INVALID_ARGUMENT', 'folders is required.');
    expectError(
      await c.post('/v2/organizations/folders/add', { organizationId: 'org', folders: [{ folderId: 'x', accessType: 'secret' }] }),
      400,
      'INVALID_ARGUMENT',
      'folders[0].accessType must be one of public, organizationPrivate, restricted.',
    );
    expectError(
      await c.post('/v2/organizations/folders/get', { organizationId: 'org', folderId: 'folder1', maxDepth: 0 }),
      400,
      'INVALID_ARGUMENT',
      'maxDepth must be a positive integer.',
    );
    expectError(
      await c.post('/v2/organizations/folders/update', { organizationId: 'org', folders: [{ folderName: 'x' }] }),
      400,
      'INVALID_ARGUMENT',
      'folders[0].folderId is required.',
    );
    expectError(await c.post('/v2/organizations/folders/delete', { organizationId: 'org' }), 400, 'INVALID_ARGUMENT', 'folderId is required.');
    expectError(
      await c.post('/v2/organizations/folders/access/update', { organizationId: 'org', folderIds: ['folder1'] }),
      400,
      'INVALID_ARGUMENT',
      'accessType or inheritFromParent is required.',
    );
    expectError(
      await c.post('/v2/organizations/folders/access/update', { organizationId: 'org', folderIds: ['folder1'], accessType: 'secret' }),
      400,
      'INVALID_ARGUMENT',
      'accessType must be one of public, organizationPrivate, restricted.',
    );
    expect(fingerprint(c.service)).toBe(before);
  });
});
