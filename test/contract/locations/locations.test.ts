import { expect, it } from 'vitest';
import { control } from '../../support/control.js';
import { putNotification } from '../../support/document-data.js';
import { expectError, expectSuccess, fingerprint } from '../../support/expect.js';
import { namespaceOf } from '../../support/store.js';
import { type Client, forEachTransport } from '../../support/transports.js';

const UPDATE = '/v1/organizations/documents/locations/update';

/**
 * `doc` has a notification at location id 0 (internal locationId 5509827173770816 kept as a number) and a
 * comment at `scene_1`; `elsewhere` has a comment at the same `scene_1`.
 */
async function seed(c: Client): Promise<void> {
  putNotification(c.service, {
    documentId: 'doc',
    notifyUsers: [{ userId: 'u1' }],
    location: { id: 0, locationName: 'Scene zero', color: 'red' },
    metadata: { locationId: 5509827173770816 },
  });
  const fixtures = await control(c, 'POST', '/__mock/annotations', {
    organizationId: 'org',
    comments: [
      {
        documentId: 'doc',
        from: { userId: 'u1' },
        locationId: 7709827173770816,
        location: { id: 'scene_1', locationName: 'Untitled scene', version: { id: 'v1', name: 'First' } },
      },
      { documentId: 'elsewhere', from: { userId: 'u1' }, location: { id: 'scene_1', locationName: 'Untitled scene' } },
    ],
  });
  expect(fixtures.status).toBe(200);
}

function body(c: Client, data: Record<string, unknown>): Record<string, unknown> {
  return { apiKey: c.service.credentials.apiKey, authToken: c.service.credentials.authToken, organizationId: 'org', documentId: 'doc', ...data };
}

async function locations(c: Client): Promise<{ notification: unknown; comments: unknown[]; locationIds: unknown[] }> {
  const data = expectSuccess(await c.post('/v2/users/data/get', { organizationId: 'org', userId: 'u1' })).data;
  return {
    notification: data.notifications[0].location,
    comments: data.comments.map((a: { location: unknown }) => a.location),
    locationIds: [data.notifications[0].metadata.locationId, data.comments[0].locationId],
  };
}

forEachTransport('location update', (fresh) => {
  it('merges new fields into the location matched by id 0, keeping numeric ids as stored', async () => {
    const c = fresh();
    await seed(c);
    const reply = await c.post(UPDATE, body(c, { migrate: { oldLocation: { id: 0 }, newLocation: { locationName: 'Renamed' } }, merge: true }));
    expect(reply.body).toEqual({ result: { status: 'success', message: 'Location updated.', data: null } });
    const after = await locations(c);
    expect(after.notification).toEqual({ id: 0, locationName: 'Renamed', color: 'red' });
    expect(after.locationIds).toEqual([5509827173770816, 7709827173770816]);
    expect(namespaceOf(c.service).organizations.get('org')?.notifications.values().next().value?.locationId).toBe(0);
  });

  it('replaces the stored location when merge is false or absent', async () => {
    const c = fresh();
    await seed(c);
    expectSuccess(await c.post(UPDATE, body(c, { migrate: { oldLocation: { id: 0 }, newLocation: { id: 0, locationName: 'Only' } } })), 'Location updated.');
    expect((await locations(c)).notification).toEqual({ id: 0, locationName: 'Only' });
    expectSuccess(
      await c.post(UPDATE, body(c, { migrate: { oldLocation: { id: 'scene_1' }, newLocation: { id: 'scene_2', locationName: 'White scene' } }, merge: false })),
    );
    expect((await locations(c)).comments).toEqual([
      { id: 'scene_2', locationName: 'White scene' },
      { id: 'scene_1', locationName: 'Untitled scene' },
    ]);
  });

  it('matches by id before locationName, and by locationName when no id is given', async () => {
    const c = fresh();
    await seed(c);
    expectSuccess(
      await c.post(
        UPDATE,
        body(c, { migrate: { oldLocation: { id: 'scene_1', locationName: 'Some other name' }, newLocation: { locationName: 'By id' } }, merge: true }),
      ),
    );
    expect((await locations(c)).comments[0]).toEqual({ id: 'scene_1', locationName: 'By id', version: { id: 'v1', name: 'First' } });
    expectSuccess(
      await c.post(UPDATE, body(c, { migrate: { oldLocation: { locationName: 'Scene zero' }, newLocation: { locationName: 'By name' } }, merge: true })),
    );
    expect((await locations(c)).notification).toEqual({ id: 0, locationName: 'By name', color: 'red' });
  });

  it('searches every organization of the key when organizationId is absent', async () => {
    const c = fresh();
    await seed(c);
    const data = body(c, { migrate: { oldLocation: { id: 'scene_1' }, newLocation: { locationName: 'Found' } }, merge: true });
    delete data['organizationId'];
    expectSuccess(await c.post(UPDATE, data), 'Location updated.');
    expect((await locations(c)).comments).toEqual([
      { id: 'scene_1', locationName: 'Found', version: { id: 'v1', name: 'First' } },
      { id: 'scene_1', locationName: 'Untitled scene' },
    ]);
  });

  it('succeeds without changing anything when no stored location matches', async () => {
    const c = fresh();
    await seed(c);
    const before = fingerprint(c.service);
    for (const oldLocation of [{ id: 1 }, { id: '0 ' }, { locationName: 'Nowhere' }]) {
      expectSuccess(await c.post(UPDATE, body(c, { migrate: { oldLocation, newLocation: { locationName: 'X' } } })), 'Location updated.');
    }
    expectSuccess(await c.post(UPDATE, body(c, { organizationId: 'no-org', migrate: { oldLocation: { id: 0 }, newLocation: { locationName: 'X' } } })));
    expectSuccess(await c.post(UPDATE, body(c, { documentId: 'no-doc', migrate: { oldLocation: { id: 0 }, newLocation: { locationName: 'X' } } })));
    expect(fingerprint(c.service)).toBe(before);
  });

  it('refuses body credentials that differ from the headers, changing nothing', async () => {
    const c = fresh();
    await seed(c);
    const migrate = { oldLocation: { id: 0 }, newLocation: { locationName: 'X' } };
    const before = fingerprint(c.service);
    expectError(await c.post(UPDATE, body(c, { apiKey: 'someOtherKey', migrate })), 403, 'PERMISSION_DENIED', 'Invalid API key.');
    expectError(await c.post(UPDATE, body(c, { authToken: '0'.repeat(32), migrate })), 403, 'PERMISSION_DENIED', 'Invalid API key.');
    expect(fingerprint(c.service)).toBe(before);
  });

  it('refuses missing and malformed fields, changing nothing', async () => {
    const c = fresh();
    await seed(c);
    const migrate = { oldLocation: { id: 0 }, newLocation: { locationName: 'X' } };
    const before = fingerprint(c.service);
    const cases: [Record<string, unknown>, string][] = [
      [{ apiKey: undefined, migrate }, 'apiKey is required.'],
      [{ authToken: '', migrate }, 'authToken is required.'],
      [{ documentId: undefined, migrate }, 'documentId is required.'],
      [{}, 'migrate is required.'],
      [{ migrate: { oldLocation: { id: 0 } } }, 'migrate.newLocation is required.'],
      [{ migrate: { oldLocation: { color: 'red' }, newLocation: {} } }, 'migrate.oldLocation needs an id or a locationName to name the stored location.'],
      [{ migrate: { oldLocation: { id: true }, newLocation: {} } }, 'migrate.oldLocation.id must be a string or a number.'],
      [{ migrate: { oldLocation: { locationName: ' ' }, newLocation: {} } }, 'migrate.oldLocation.locationName is required.'],
      [{ migrate, merge: 'yes' }, 'merge must be a boolean.'],
    ];
    for (const [data, message] of cases) {
      const sent = body(c, data);
      for (const key of Object.keys(sent)) if (sent[key] === undefined) delete sent[key];
      expectError(await c.post(UPDATE, sent), 400, 'INVALID_ARGUMENT', message);
    }
    expect(fingerprint(c.service)).toBe(before);
  });
});
