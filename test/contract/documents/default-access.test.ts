import { expect, it } from 'vitest';
import { expectSuccess } from '../../support/expect.js';
import { type Client, forEachTransport } from '../../support/transports.js';

const accessTypeOf = (c: Client, documentId: string) =>
  c.service.access.explain({ organizationId: 'org', documentId, userId: 'member', signedIn: true }).accessType;
const setDefault = async (c: Client, defaultDocumentAccessType: string) =>
  expectSuccess(await c.post('/v2/workspace/apikeyconfig/update', { defaultDocumentAccessType }), 'API key configuration updated successfully.');

forEachTransport('the workspace default access type', (fresh) => {
  it('applies to documents and top-level folders created after it is set, however they are created', async () => {
    const c = fresh();
    expectSuccess(await c.post('/v2/organizations/documents/add', { organizationId: 'org', documents: [{ documentId: 'before' }] }));
    await setDefault(c, 'restricted');
    expectSuccess(
      await c.post('/v2/organizations/documents/add', {
        organizationId: 'org',
        documents: [{ documentId: 'added' }, { documentId: 'open', accessType: 'public' }],
      }),
    );
    // A document the service creates on first mention takes the default too.
    expectSuccess(
      await c.post('/v2/notifications/add', {
        organizationId: 'org',
        documentId: 'mentioned',
        actionUser: { userId: 'u1' },
        notifyUsers: [{ userId: 'u2' }],
        displayHeadlineMessageTemplate: 'x',
        displayBodyMessage: 'y',
      }),
    );
    expectSuccess(
      await c.post('/v2/organizations/folders/add', { organizationId: 'org', folders: [{ folderId: 'top' }, { folderId: 'nested', parentFolderId: 'top' }] }),
    );
    expectSuccess(await c.post('/v2/organizations/documents/add', { organizationId: 'org', folderId: 'nested', documents: [{ documentId: 'filed' }] }));

    expect(accessTypeOf(c, 'before')).toBe('public');
    expect(accessTypeOf(c, 'added')).toBe('restricted');
    expect(accessTypeOf(c, 'open')).toBe('public');
    expect(accessTypeOf(c, 'mentioned')).toBe('restricted');
    // The nested folder and its document inherit from the top-level folder, which took the default.
    expect(accessTypeOf(c, 'filed')).toBe('restricted');
    const folders = expectSuccess(await c.post('/v2/organizations/folders/get', { organizationId: 'org' })).data as {
      folderId: string;
      accessType: string;
      inheritAccessFromParent: boolean;
    }[];
    expect(folders.map((f) => [f.folderId, f.accessType, f.inheritAccessFromParent])).toEqual([
      ['top', 'restricted', false],
      ['nested', 'restricted', true],
    ]);

    await setDefault(c, 'organizationPrivate');
    expectSuccess(await c.post('/v2/organizations/documents/add', { organizationId: 'org', documents: [{ documentId: 'later' }] }));
    expect(accessTypeOf(c, 'later')).toBe('organizationPrivate');
    expect(accessTypeOf(c, 'added')).toBe('restricted');
    await setDefault(c, 'public');
    expectSuccess(await c.post('/v2/organizations/documents/add', { organizationId: 'org', documents: [{ documentId: 'last' }] }));
    expect(accessTypeOf(c, 'last')).toBe('public');
  });
});
