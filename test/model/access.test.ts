import { describe, expect, it } from 'vitest';
import { type AccessQuery, documentAccess, explainAccess, folderAccessType, type TokenGrant } from '../../src/model/access.js';
import { canAccess } from '../../src/model/notifications/recipients.js';
import type { AccessType, DocumentRecord, FolderRecord, OrganizationRecord, UserRecord } from '../../src/model/state/entities.js';

const NOW = Date.UTC(2026, 0, 1);
const SECONDS = NOW / 1000;

function users(...list: UserRecord[]): Map<string, UserRecord> {
  return new Map(list.map((u) => [u.userId, u]));
}

function org(fields: { disabled?: boolean; users?: Map<string, UserRecord>; folders?: FolderRecord[] } = {}): OrganizationRecord {
  return {
    organizationId: 'org',
    id: 'x',
    disabled: fields.disabled ?? false,
    createdAt: 0,
    users: fields.users ?? new Map(),
    folders: new Map((fields.folders ?? []).map((f) => [f.folderId, f])),
    documents: new Map(),
    groups: new Map(),
    notifications: new Map(),
    notificationConfigs: new Map(),
    activities: new Map(),
    comments: new Map(),
    reactions: [],
    recordings: [],
  };
}

function doc(fields: Partial<DocumentRecord> = {}): DocumentRecord {
  return { documentId: 'doc', id: '1', extra: {}, users: new Map(), createdAt: 0, ...fields };
}

function folder(folderId: string, fields: Partial<FolderRecord> = {}): FolderRecord {
  return { folderId, users: new Map(), createdAt: 0, ...fields };
}

type Row = {
  case: string;
  accessType?: AccessType;
  where: 'document' | 'folder' | 'parent-folder' | 'organization' | 'token-document' | 'token-organization' | 'nowhere';
  role?: 'viewer' | 'editor';
  /** Seconds from now when the grant ends. */
  expiresIn?: number;
  disabled?: 'organization' | 'document';
  signedIn?: boolean;
  expect: 'editor' | 'viewer' | null;
};

/** Who may read (viewer or editor) and write (editor) which document, under each access type, role, expiry and disabled state. */
const TABLE: Row[] = [
  { case: 'public, organization user', accessType: 'public', where: 'organization', expect: 'editor' },
  { case: 'public, organization viewer', accessType: 'public', where: 'organization', role: 'viewer', expect: 'viewer' },
  { case: 'public, signed-in stranger', accessType: 'public', where: 'nowhere', signedIn: true, expect: 'editor' },
  { case: 'public, unknown stranger', accessType: 'public', where: 'nowhere', expect: null },
  { case: 'default type is public', where: 'nowhere', signedIn: true, expect: 'editor' },
  { case: 'organizationPrivate, organization user', accessType: 'organizationPrivate', where: 'organization', expect: 'editor' },
  { case: 'organizationPrivate, signed-in stranger', accessType: 'organizationPrivate', where: 'nowhere', signedIn: true, expect: null },
  { case: 'organizationPrivate, token organization grant', accessType: 'organizationPrivate', where: 'token-organization', role: 'viewer', expect: 'viewer' },
  { case: 'restricted, organization user', accessType: 'restricted', where: 'organization', signedIn: true, expect: null },
  { case: 'restricted, document editor', accessType: 'restricted', where: 'document', expect: 'editor' },
  { case: 'restricted, document viewer', accessType: 'restricted', where: 'document', role: 'viewer', expect: 'viewer' },
  { case: 'restricted, folder grant', accessType: 'restricted', where: 'folder', role: 'viewer', expect: 'viewer' },
  { case: 'restricted, grant on a parent folder', accessType: 'restricted', where: 'parent-folder', expect: 'editor' },
  { case: 'restricted, token document grant', accessType: 'restricted', where: 'token-document', role: 'viewer', expect: 'viewer' },
  { case: 'restricted, live temporary grant', accessType: 'restricted', where: 'document', expiresIn: 60, expect: 'editor' },
  { case: 'restricted, expired grant', accessType: 'restricted', where: 'document', expiresIn: 0, expect: null },
  { case: 'public, expired organization grant', accessType: 'public', where: 'organization', expiresIn: -1, expect: null },
  { case: 'expired token grant', accessType: 'restricted', where: 'token-document', expiresIn: -5, expect: null },
  { case: 'disabled organization locks out an editor', where: 'document', disabled: 'organization', expect: null },
  { case: 'disabled document locks out an editor', where: 'document', disabled: 'document', expect: null },
  { case: 'disabled document locks out public access', accessType: 'public', where: 'organization', disabled: 'document', signedIn: true, expect: null },
];

function build(row: Row): { o: OrganizationRecord; d: DocumentRecord; query: AccessQuery } {
  const grant: UserRecord = {
    userId: 'u',
    ...(row.role ? { accessRole: row.role } : {}),
    ...(row.expiresIn !== undefined ? { expiresAt: SECONDS + row.expiresIn } : {}),
  };
  const parent = folder('parent', row.where === 'parent-folder' ? { users: users(grant) } : {});
  const child = folder('child', { parentFolderId: 'parent', inheritAccessFromParent: true, ...(row.where === 'folder' ? { users: users(grant) } : {}) });
  const o = org({ disabled: row.disabled === 'organization', users: row.where === 'organization' ? users(grant) : new Map(), folders: [parent, child] });
  const d = doc({
    folderId: 'child',
    ...(row.accessType ? { accessType: row.accessType } : {}),
    ...(row.disabled === 'document' ? { disabled: true } : {}),
    ...(row.where === 'document' ? { users: users(grant) } : {}),
  });
  const token: TokenGrant | undefined =
    row.where === 'token-document'
      ? {
          type: 'document',
          id: 'doc',
          organizationId: 'org',
          accessRole: row.role,
          expiresAt: row.expiresIn === undefined ? undefined : SECONDS + row.expiresIn,
        }
      : row.where === 'token-organization'
        ? { type: 'organization', id: 'org', accessRole: row.role }
        : undefined;
  return { o, d, query: { userId: 'u', now: NOW, signedIn: row.signedIn ?? false, tokenGrants: token ? [token] : [] } };
}

describe('the access model', () => {
  it.each(TABLE)('$case → $expect', (row) => {
    const { o, d, query } = build(row);
    const decision = documentAccess(o, d, query);
    expect(decision.role, explainAccess(decision)).toBe(row.expect);
    // canAccess (verifyUserPermissions) asks the same model, without a sign-in or a token.
    if (!row.signedIn && !row.where.startsWith('token')) expect(canAccess(o, d, 'u', NOW)).toBe(row.expect !== null);
  });

  it('reports the folder chain access type to documents without their own, and inheritance through levels', () => {
    const top = folder('top', { accessType: 'restricted', inheritAccessFromParent: false });
    const mid = folder('mid', { parentFolderId: 'top', inheritAccessFromParent: true });
    const low = folder('low', { parentFolderId: 'mid', accessType: 'organizationPrivate', inheritAccessFromParent: false });
    const o = org({ folders: [top, mid, low] });
    expect(folderAccessType(o, mid)).toBe('restricted');
    expect(folderAccessType(o, low)).toBe('organizationPrivate');
    expect(documentAccess(o, doc({ folderId: 'mid' }), { userId: 'u', now: NOW }).accessType).toBe('restricted');
    expect(documentAccess(o, doc({ folderId: 'mid', accessType: 'public' }), { userId: 'u', now: NOW }).accessType).toBe('public');
  });

  it('explains a decision in one sentence', () => {
    const { o, d, query } = build({ case: '', accessType: 'restricted', where: 'folder', role: 'viewer', expiresIn: 3600, expect: 'viewer' });
    expect(explainAccess(documentAccess(o, d, query))).toBe(
      'viewer: the user is granted a folder that contains it (child), until 2026-01-01T01:00:00.000Z (access type restricted).',
    );
  });
});

describe('service.access.explain', () => {
  it('answers from the stored state, on the service clock', async () => {
    const { createMockService } = await import('../../src/service.js');
    const service = createMockService();
    const post = (path: string, data: unknown) =>
      service.dispatch({
        method: 'POST',
        path,
        headers: { 'content-type': 'application/json', ...service.credentials.headers },
        body: JSON.stringify({ data }),
      });
    await post('/v2/organizations/documents/add', { organizationId: 'org', documents: [{ documentId: 'doc', accessType: 'restricted' }] });
    await post('/v2/auth/permissions/add', {
      user: { userId: 'u' },
      permissions: { resources: [{ type: 'document', id: 'doc', organizationId: 'org', accessRole: 'viewer', expiresAt: SECONDS + 10 }] },
    });
    const ask = () => service.access.explain({ organizationId: 'org', documentId: 'doc', userId: 'u' });
    expect(ask()).toMatchObject({ role: 'viewer', reason: 'document-grant', accessType: 'restricted', expiresAt: SECONDS + 10 });
    service.clock.advance(10_000);
    expect(ask().explanation).toBe('no access: the access type is restricted and the user holds no grant on it or its folders (access type restricted).');
    expect(() => service.access.explain({ organizationId: 'org', documentId: '', userId: 'u' })).toThrow('documentId is required.');
    // Expiry is stored as given; one past the range of Date is explained as the number it is.
    await post('/v2/auth/permissions/add', {
      user: { userId: 'u' },
      permissions: { resources: [{ type: 'document', id: 'doc', organizationId: 'org', accessRole: 'viewer', expiresAt: 1e300 }] },
    });
    expect(ask().explanation).toBe('viewer: the user is granted the document itself, until 1e+300 (Unix seconds) (access type restricted).');
  });
});
