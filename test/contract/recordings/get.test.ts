import { expect, it } from 'vitest';
import { control } from '../../support/control.js';
import { expectError, expectSuccess, fingerprint } from '../../support/expect.js';
import { type Client, forEachTransport } from '../../support/transports.js';

const GET = '/v2/recordings/get';

async function seed(c: Client): Promise<string[]> {
  const ids: string[] = [];
  for (const [documentId, annotationId] of [
    ['d1', 'r1'],
    ['d2', 'r2'],
    ['d1', 'r3'],
  ] as const) {
    const made = await control(c, 'POST', '/__mock/annotations', {
      organizationId: 'org',
      recordings: [{ documentId, annotationId, from: { userId: 'u1' }, recordingType: 'screen' }],
    });
    ids.push(made.body.recordings[0].annotationId);
    c.service.clock.advance(1000);
  }
  return ids;
}

const ids = (result: { data: { annotationId: string }[] }) => result.data.map((r) => r.annotationId);

forEachTransport('recordings get', (fresh) => {
  it('returns recorder annotations newest first, filtered by document and ids, paged by pageToken', async () => {
    const c = fresh();
    await seed(c);
    const all = expectSuccess(await c.post(GET, { organizationId: 'org' }), 'Recorder annotations retrieved successfully.');
    expect(ids(all)).toEqual(['r3', 'r2', 'r1']);
    expect(all.pageToken).toBe('');
    expect(all.data[0]).toMatchObject({
      type: 'recorder',
      recordingType: 'screen',
      metadata: { apiKey: c.service.credentials.apiKey, organizationId: 'org', documentId: 'd1' },
    });
    expect(ids(expectSuccess(await c.post(GET, { organizationId: 'org', documentId: 'd1' })))).toEqual(['r3', 'r1']);
    expect(ids(expectSuccess(await c.post(GET, { organizationId: 'org', recordingIds: ['r1', 'r2', 'nope'] })))).toEqual(['r2', 'r1']);
    expect(ids(expectSuccess(await c.post(GET, { organizationId: 'elsewhere' })))).toEqual([]);
    const first = expectSuccess(await c.post(GET, { organizationId: 'org', pageSize: 2 }));
    expect(ids(first)).toEqual(['r3', 'r2']);
    const second = expectSuccess(await c.post(GET, { organizationId: 'org', pageSize: 2, pageToken: first.pageToken }));
    expect(ids(second)).toEqual(['r1']);
    expect(second.pageToken).toBe('');
  });

  const invalid: [string, unknown, string][] = [
    ['organizationId missing', {}, 'organizationId is required.'],
    ['pageSize 0', { organizationId: 'org', pageSize: 0 }, 'pageSize must be at least 1.'],
    ['more than 30 ids', { organizationId: 'org', recordingIds: Array.from({ length: 31 }, (_, i) => `r${i}`) }, 'recordingIds can contain at most 30 items.'],
    ['an unreadable pageToken', { organizationId: 'org', pageToken: 'x' }, 'Invalid pageToken.'],
  ];
  for (const [name, data, message] of invalid) {
    it(`refuses ${name} and changes nothing`, async () => {
      const c = fresh();
      await seed(c);
      const before = fingerprint(c.service);
      expectError(await c.post(GET, data), 400, 'INVALID_ARGUMENT', message);
      expect(fingerprint(c.service)).toBe(before);
    });
  }

  it('needs the API-key headers', async () => {
    const c = fresh();
    expectError(await c.post(GET, { organizationId: 'org' }, { 'x-service-api-key': 'nope' }), 403, 'PERMISSION_DENIED', 'Invalid API key.');
  });
});
