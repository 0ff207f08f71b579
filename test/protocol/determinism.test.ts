import { describe, expect, it } from 'vitest';
import { createMockService } from '../../src/service.js';
import { md5Hex } from '../../src/support/ids.js';
import { expectSuccess } from '../support/expect.js';
import { type Client, forEachTransport, type TransportName } from '../support/transports.js';

/** A representative run: every reply text in order. */
async function scenario(c: Client): Promise<string[]> {
  const texts: string[] = [];
  const record = async (reply: Promise<{ text: string; status: number }>) => {
    const r = await reply;
    expect(r.status, r.text).toBe(200);
    texts.push(r.text);
    return JSON.parse(r.text).result;
  };
  await record(c.post('/v2/workspace/create', { ownerEmail: 'second@example.com', name: 'Second' }));
  const key = (await record(c.postWorkspace('/v2/workspace/apikey/create', { ownerEmail: 'owner@example.com', type: 'testing', createAuthToken: true })))
    .data as { apiKey: string; authToken: string };
  const asKey = { 'x-service-api-key': key.apiKey, 'x-service-auth-token': key.authToken };
  await record(c.post('/v2/users/add', { organizationId: 'org', users: [{ userId: 'u1', name: 'One' }, { userId: 'u2' }] }, asKey));
  await record(c.post('/v2/organizations/documents/add', { organizationId: 'org', documents: [{ documentId: 'd1' }, { documentId: 'd2' }] }, asKey));
  c.service.clock.advance(1234);
  const user = { userId: 'u1', userProperties: { name: 'One', email: 'one@example.com' }, permissions: { resources: [{ type: 'organization', id: 'org' }] } };
  await record(c.post('/v2/auth/generate_token', user, asKey));
  await record(c.postWorkspace('/v2/workspace/get', {}));
  await record(c.postWorkspace('/v2/workspace/authtokens/get', { apiKey: key.apiKey }));
  return texts;
}

const runs: Partial<Record<TransportName, string[]>> = {};

forEachTransport('determinism (D13)', (fresh) => {
  it('gives byte-identical replies for the same seed and the same calls', async () => {
    const first = fresh({ seed: 42 });
    const a = await scenario(first);
    const b = await scenario(fresh({ seed: 42 }));
    expect(b).toEqual(a);
    runs[first.transport] = a;
  });

  it('gives different ids for a different seed', async () => {
    const a = await scenario(fresh({ seed: 1 }));
    const b = await scenario(fresh({ seed: 2 }));
    const ids = (texts: string[]) => {
      const ws = JSON.parse(texts[0]!).result.data;
      return { workspace: ws.id, token: ws.authToken, key: JSON.parse(texts[1]!).result.data.apiKey };
    };
    const [x, y] = [ids(a), ids(b)];
    expect(x.workspace).not.toBe(y.workspace);
    expect(x.token).not.toBe(y.token);
    expect(x.key).not.toBe(y.key);
  });

  it('seeds the default credentials from the seed alone', async () => {
    expect(fresh({ seed: 9 }).service.credentials).toEqual(fresh({ seed: 9 }).service.credentials);
    expect(fresh({ seed: 9 }).service.credentials.apiKey).not.toBe(fresh({ seed: 10 }).service.credentials.apiKey);
  });

  it('derives per-item ids from md5 of the client ids (2.5)', async () => {
    const c = fresh();
    const users = expectSuccess(await c.post('/v2/users/add', { organizationId: 'yourOrganizationId1', users: [{ userId: 'yourUserId1' }] }));
    expect(users.data.yourUserId1.id).toBe('f9e7c3d46eac2fc61ea6853ee970ccac');
    const groups = { organizationId: 'yourOrganizationId1', organizationUserGroups: [{ groupId: 'engineering', groupName: 'Engineering' }] };
    expect(expectSuccess(await c.post('/v2/organizations/usergroups/add', groups)).data.engineering.id).toBe('5d554bc5f3d2cd182cdd0952b1fb87ca');
    const disable = { organizationIds: ['yourOrganizationId1'], disabled: true };
    const orgs = expectSuccess(await c.post('/v2/organizations/access/disablestate/update', disable));
    expect(orgs.data.yourOrganizationId1.id).toBe('2bed116c35117c1a1cf8f3e28947aa0e');
  });
});

describe('determinism across transports', () => {
  it('gives the same bytes through dispatch, msw and the HTTP server', () => {
    expect(Object.keys(runs).sort()).toEqual(['dispatch', 'http', 'msw']);
    expect(runs.msw).toEqual(runs.dispatch);
    expect(runs.http).toEqual(runs.dispatch);
  });
});

describe('md5 vectors of service-facts 2.5', () => {
  it.each([
    ['yourUserId1', 'f9e7c3d46eac2fc61ea6853ee970ccac'],
    ['yourOrganizationId1', '2bed116c35117c1a1cf8f3e28947aa0e'],
    ['engineering', '5d554bc5f3d2cd182cdd0952b1fb87ca'],
    ['e54d19af-0e43-4364-819f-0a8b18a280fb', '3604c43f40557d7aa27ff4d0f72202a3'],
  ])('md5(%s) = %s', (input, hex) => {
    expect(md5Hex(input)).toBe(hex);
  });

  it('draws identifiers in the documented formats', () => {
    const { credentials } = createMockService({ seed: 3 });
    expect(credentials.apiKey).toMatch(/^[A-Za-z0-9]{20}$/);
    expect(credentials.workspaceId).toMatch(/^[A-Za-z0-9]{20}$/);
    expect(credentials.authToken).toMatch(/^[0-9a-f]{32}$/);
    expect(credentials.workspaceAuthToken).toMatch(/^[0-9a-f]{32}$/);
  });
});
