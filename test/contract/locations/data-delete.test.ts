import { expect, it } from 'vitest';
import { control } from '../../support/control.js';
import { putNotification } from '../../support/document-data.js';
import { expectError, expectSuccess, fingerprint } from '../../support/expect.js';
import { type Client, forEachTransport } from '../../support/transports.js';

const DELETE = '/v1/organizations/documents/locations/data/delete';

async function seed(c: Client): Promise<string> {
  putNotification(c.service, { documentId: 'doc', notifyUsers: [{ userId: 'u1' }], location: { id: 0, locationName: 'Zero' } });
  putNotification(c.service, { documentId: 'doc', notifyUsers: [{ userId: 'u1' }], location: { id: 'other' } });
  const fixtures = await control(c, 'POST', '/__mock/annotations', {
    organizationId: 'org',
    comments: [
      { documentId: 'doc', from: { userId: 'u1' }, location: { id: 'scene_1', locationName: 'Scene' } },
      { documentId: 'doc', from: { userId: 'u1' }, location: { id: 'scene_2' } },
      { documentId: 'elsewhere', from: { userId: 'u1' }, location: { id: 'scene_1' } },
    ],
    reactions: [
      { documentId: 'doc', from: { userId: 'u1' }, location: { id: 'scene_1', locationName: 'Scene' } },
      { documentId: 'doc', from: { userId: 'u1' }, location: { id: 'scene_1' } },
    ],
  });
  const annotationId = fixtures.body.comments[0].annotationId as string;
  await control(c, 'POST', '/__mock/activities', {
    organizationId: 'org',
    activities: [
      { id: 'about-thread', targetEntityId: annotationId, metadata: { documentId: 'doc' } },
      { id: 'unrelated', targetEntityId: 'x', metadata: { documentId: 'doc' } },
    ],
  });
  return annotationId;
}

const body = (c: Client, data: Record<string, unknown>) => ({
  apiKey: c.service.credentials.apiKey,
  authToken: c.service.credentials.authToken,
  documentId: 'doc',
  ...data,
});

const exported = async (c: Client) => expectSuccess(await c.post('/v2/users/data/get', { organizationId: 'org', userId: 'u1' })).data;

forEachTransport('delete data by location', (fresh) => {
  it("deletes the document's annotations, reactions, notifications and activities at the location, by name too", async () => {
    const c = fresh();
    await seed(c);
    const reply = await c.post(DELETE, body(c, { location: { locationName: 'Scene' } }));
    expect(reply.body).toEqual({ result: { status: 'success', message: 'Data deleted successfully.', data: null } });
    let data = await exported(c);
    expect(data.comments.map((a: { location: { id: string } }) => a.location.id)).toEqual(['scene_2', 'scene_1']);
    expect(data.comments[1].metadata.documentId).toBe('elsewhere');
    expect(data.reactions.map((r: { location: unknown }) => r.location)).toEqual([{ id: 'scene_1' }]);
    const activities = (await control(c, 'GET', '/__mock/activities?organizationId=org')).body.activities.map((a: { id: string }) => a.id);
    expect(activities).toEqual(['unrelated']);
    expectSuccess(await c.post(DELETE, body(c, { location: { id: 0 } })));
    data = await exported(c);
    expect(data.notifications.map((n: { location: { id: unknown } }) => n.location.id)).toEqual(['other']);
  });

  it('succeeds and deletes nothing when nothing is at the location', async () => {
    const c = fresh();
    await seed(c);
    const before = fingerprint(c.service);
    expectSuccess(await c.post(DELETE, body(c, { location: { id: 'nowhere' } })), 'Data deleted successfully.');
    expect(fingerprint(c.service)).toBe(before);
  });

  const refused: [string, (c: Client) => unknown, number, string, string][] = [
    ['credentials that differ from the headers', (c) => body(c, { authToken: 'wrong', location: { id: 0 } }), 403, 'PERMISSION_DENIED', 'Invalid API key.'],
    ['documentId missing', (c) => body(c, { documentId: undefined, location: { id: 0 } }), 400, 'INVALID_ARGUMENT', 'documentId is required.'],
    ['location missing', (c) => body(c, {}), 400, 'INVALID_ARGUMENT', 'location is required.'],
    [
      'a location with neither id nor name',
      (c) => body(c, { location: { color: 'red' } }),
      400,
      'INVALID_ARGUMENT',
      'location needs an id or a locationName to name the stored location.',
    ],
    ['apiKey missing in data', (c) => body(c, { apiKey: undefined, location: { id: 0 } }), 400, 'INVALID_ARGUMENT', 'apiKey is required.'],
  ];
  for (const [name, make, http, status, message] of refused) {
    it(`refuses ${name} and changes nothing`, async () => {
      const c = fresh();
      await seed(c);
      const before = fingerprint(c.service);
      expectError(await c.post(DELETE, make(c)), http, status, message);
      expect(fingerprint(c.service)).toBe(before);
    });
  }
});
