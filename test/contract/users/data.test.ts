import { expect, it } from 'vitest';
import { addCommentAnnotation, addReaction, addRecording } from '../../../src/model/annotations.js';
import { control } from '../../support/control.js';
import { putNotification } from '../../support/document-data.js';
import { expectError, expectSuccess, fingerprint } from '../../support/expect.js';
import { namespaceOf } from '../../support/store.js';
import { type Client, forEachTransport } from '../../support/transports.js';

const PATHS = ['/v2/users/data/get', '/v1/users/data/get'] as const;
const EMPTY = { comments: [], reactions: [], recordings: [], notifications: [] };

const ids = (list: { annotationId?: string; id?: string }[]): (string | undefined)[] => list.map((r) => r.annotationId ?? r.id);

async function fetchAll(c: Client, path: string, userId: string): Promise<{ pages: Record<string, unknown[]>[]; tokens: unknown[] }> {
  const pages: Record<string, unknown[]>[] = [];
  const tokens: unknown[] = [];
  let pageToken: string | undefined;
  do {
    const result = expectSuccess(
      await c.post(path, { organizationId: 'org', userId, ...(pageToken === undefined ? {} : { pageToken }) }),
      'Data fetched successfully.',
    );
    pages.push(result.data);
    tokens.push(result.nextPageToken);
    pageToken = result.nextPageToken ?? undefined;
  } while (pageToken !== undefined && pages.length < 10);
  return { pages, tokens };
}

forEachTransport('user data export', (fresh) => {
  it('answers four empty lists and a null token for an unknown organization or user', async () => {
    const c = fresh();
    for (const path of PATHS) {
      const none = expectSuccess(await c.post(path, { organizationId: 'nobody-org', userId: 'u1' }));
      expect(none).toEqual({ status: 'success', message: 'Data fetched successfully.', data: EMPTY, nextPageToken: null });
    }
    await control(c, 'POST', '/__mock/annotations', { organizationId: 'org', reactions: [{ documentId: 'd', from: { userId: 'u1' } }] });
    for (const path of PATHS) {
      expect(expectSuccess(await c.post(path, { organizationId: 'org', userId: 'stranger' }))).toMatchObject({ data: EMPTY, nextPageToken: null });
    }
  });

  it('lists threads the user created or took part in, and what the user authored or received', async () => {
    const c = fresh();
    const fixtures = await control(c, 'POST', '/__mock/annotations', {
      organizationId: 'org',
      comments: [
        { documentId: 'd', from: { userId: 'u1' }, comments: [{ commentText: 'mine' }] },
        { documentId: 'd', from: { userId: 'u2' }, comments: [{ commentText: 'first' }, { from: { userId: 'u1' }, commentText: 'reply' }] },
        { documentId: 'd', from: { userId: 'u2' } },
      ],
      reactions: [
        { documentId: 'd', from: { userId: 'u1' }, icon: 'HEART_FACE' },
        { documentId: 'd', from: { userId: 'u2' } },
      ],
      recordings: [
        { documentId: 'd', from: { userId: 'u2' } },
        { documentId: 'd', from: { userId: 'u1' }, recordingType: 'screen' },
      ],
    });
    expect(fixtures.status).toBe(200);
    const made = fixtures.body as Record<string, { annotationId: string }[]>;
    // Comment threads get push-style ids like REST-created ones; reactions and recordings 20 alphanumerics.
    for (const record of made['comments'] ?? []) expect(record.annotationId).toMatch(/^-[A-Za-z0-9_-]{19}$/);
    for (const record of [...(made['reactions'] ?? []), ...(made['recordings'] ?? [])]) expect(record.annotationId).toMatch(/^[A-Za-z0-9]{20}$/);
    const acted = putNotification(c.service, { documentId: 'd', actionUser: { userId: 'u1' }, notifyUsers: [{ userId: 'u2' }] });
    const received = putNotification(c.service, { documentId: 'd', actionUser: { userId: 'u2' }, notifyUsers: [{ userId: 'u1' }] });
    putNotification(c.service, { documentId: 'd', actionUser: { userId: 'u2' }, notifyUsers: [{ userId: 'u3' }] });

    for (const path of PATHS) {
      const result = expectSuccess(await c.post(path, { organizationId: 'org', userId: 'u1' }), 'Data fetched successfully.');
      expect(result.nextPageToken).toBeNull();
      expect(ids(result.data.comments)).toEqual([made['comments']?.[0]?.annotationId, made['comments']?.[1]?.annotationId]);
      expect(ids(result.data.reactions)).toEqual([made['reactions']?.[0]?.annotationId]);
      expect(ids(result.data.recordings)).toEqual([made['recordings']?.[1]?.annotationId]);
      expect(ids(result.data.notifications)).toEqual([acted.id, received.id]);
      expect(result.data.comments[1].comments.map((x: { commentText: string }) => x.commentText)).toEqual(['first', 'reply']);
      expect(result.data.reactions[0]).toMatchObject({
        type: 'reaction',
        icon: 'HEART_FACE',
        metadata: { apiKey: c.service.credentials.apiKey, organizationId: 'org', documentId: 'd' },
      });
      expect(result.data.notifications[0].metadata).toEqual({ apiKey: c.service.credentials.apiKey, documentId: 'd', organizationId: 'org' });
    }
  });

  it('pages 100 items per list with one token advancing all four lists, null at the end', async () => {
    const c = fresh();
    const ns = namespaceOf(c.service);
    const at = (n: number) => ({ organizationId: 'org', documentId: `d${n % 3}`, from: { userId: 'u1' } });
    const reactions = Array.from({ length: 250 }, (_, n) => addReaction(c.service.model, ns, at(n))['annotationId']);
    const comments = Array.from({ length: 30 }, (_, n) => addCommentAnnotation(c.service.model, ns, at(n))['annotationId']);
    const recordings = Array.from({ length: 200 }, (_, n) => addRecording(c.service.model, ns, at(n))['annotationId']);
    const notifications = Array.from(
      { length: 120 },
      (_, n) => putNotification(c.service, { documentId: 'd', notifyUsers: [{ userId: 'u1' }], notificationId: `n${n}` }).id,
    );

    for (const path of PATHS) {
      const { pages, tokens } = await fetchAll(c, path, 'u1');
      expect(pages.map((p) => [p['comments']?.length, p['reactions']?.length, p['recordings']?.length, p['notifications']?.length])).toEqual([
        [30, 100, 100, 100],
        [0, 100, 100, 20],
        [0, 50, 0, 0],
      ]);
      expect(tokens.map((t) => typeof t)).toEqual(['string', 'string', 'object']);
      expect(tokens[2]).toBeNull();
      const joined = (key: string) => pages.flatMap((p) => ids(p[key] as { annotationId?: string; id?: string }[]));
      expect(joined('reactions')).toEqual(reactions);
      // Threads are stored per document, so the export lists them document by document, each in storage order.
      const byDocument = [0, 1, 2].flatMap((d) => comments.filter((_, n) => n % 3 === d));
      expect(joined('comments')).toEqual(byDocument);
      expect(joined('recordings')).toEqual(recordings);
      expect(joined('notifications')).toEqual(notifications);
    }
  });

  it('ends with a null token exactly when the last full page is served', async () => {
    const c = fresh();
    const ns = namespaceOf(c.service);
    for (let n = 0; n < 200; n++) addReaction(c.service.model, ns, { organizationId: 'org', documentId: 'd', from: { userId: 'u1' } });
    const { pages, tokens } = await fetchAll(c, '/v2/users/data/get', 'u1');
    expect(pages.map((p) => p['reactions']?.length)).toEqual([100, 100]);
    expect(tokens[1]).toBeNull();
  });

  it('refuses missing fields and an unreadable page token, changing nothing', async () => {
    const c = fresh();
    await control(c, 'POST', '/__mock/annotations', { organizationId: 'org', reactions: [{ documentId: 'd', from: { userId: 'u1' } }] });
    const before = fingerprint(c.service);
    for (const path of PATHS) {
      expectError(await c.post(path, { userId: 'u1' }), 400, 'INVALID_ARGUMENT', 'organizationId is required.');
      expectError(await c.post(path, { organizationId: 'org' }), 400, 'INVALID_ARGUMENT', 'userId is required.');
      expectError(await c.post(path, { organizationId: 'org', userId: 'u1', pageToken: 'not a token' }), 400, 'INVALID_ARGUMENT', 'Invalid pageToken.');
      expectError(await c.post(path, { organizationId: 'org', userId: 'u1', pageToken: 5 }), 400, 'INVALID_ARGUMENT', 'pageToken must be a string.');
    }
    expect(fingerprint(c.service)).toBe(before);
  });

  it('refuses malformed fixture bodies on the control plane, changing nothing', async () => {
    const c = fresh();
    const before = fingerprint(c.service);
    expectError(await control(c, 'POST', '/__mock/annotations', { reactions: [] }), 400, 'INVALID_ARGUMENT', 'organizationId is required.');
    expectError(
      await control(c, 'POST', '/__mock/annotations', { organizationId: 'org', comments: [{ documentId: 'd' }] }),
      400,
      'INVALID_ARGUMENT',
      'comments[0].from is required.',
    );
    expectError(
      await control(c, 'POST', '/__mock/annotations', { organizationId: 'org', apiKey: 'unknownKey' }),
      404,
      'NOT_FOUND',
      'Unknown API key unknownKey; GET /__mock/credentials shows the default key.',
    );
    expect(fingerprint(c.service)).toBe(before);
  });
});
