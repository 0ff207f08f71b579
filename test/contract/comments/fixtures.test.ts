import { expect, it } from 'vitest';
import { createMockService } from '../../../src/service.js';
import { control } from '../../support/control.js';
import { expectSuccess } from '../../support/expect.js';
import { forEachTransport } from '../../support/transports.js';
import { AT, getThreads, says } from './helpers.js';

forEachTransport('comment fixtures and determinism', (fresh) => {
  it('stores control-plane threads as the same records: forced fields kept, viewers used for unread but never returned', async () => {
    const c = fresh();
    const reply = await control(c, 'POST', '/__mock/annotations', {
      organizationId: 'org',
      comments: [
        {
          documentId: 'doc',
          annotationId: 'fx',
          from: { userId: 'u1' },
          createdAt: 5,
          lastUpdated: 6,
          viewedByUserIds: ['u2'],
          comments: [{ commentText: 'x', reactionAnnotationIds: ['r1'] }],
        },
      ],
    });
    expect(reply.status).toBe(200);
    const [fx] = (await getThreads(c)).data;
    expect(fx).toMatchObject({ annotationId: 'fx', annotationNumber: 1, createdAt: 5, lastUpdated: 6, status: { id: 'OPEN' } });
    expect(fx.viewedByUserIds).toBeUndefined();
    expect(fx.sourceType).toBeUndefined();
    expect(fx.comments[0]).toMatchObject({ commentText: 'x', reactionAnnotationIds: ['r1'], from: { userId: 'u1' } });
    const count = async (userId: string) =>
      expectSuccess(await c.post('/v2/commentannotations/count/get', { organizationId: 'org', documentIds: ['doc'], userId })).data.doc;
    expect(await count('u2')).toEqual({ total: 1, unread: 0 });
    expect(await count('u3')).toEqual({ total: 1, unread: 1 });
    // A REST reply lands in the same thread.
    expectSuccess(await c.post('/v2/commentannotations/comments/add', { ...AT, annotationId: 'fx', commentData: [says('u2')] }));
    expect((await getThreads(c)).data[0].comments).toHaveLength(2);
  });
});

it('draws the same ids and writes the same bytes for the same seed and calls', async () => {
  const run = async () => {
    const service = createMockService({ seed: 11 });
    const headers = { 'content-type': 'application/json', ...service.credentials.headers };
    const call = (path: string, data: unknown) => service.dispatch({ method: 'POST', path, headers, body: JSON.stringify({ data }) });
    const add = await call('/v2/commentannotations/add', { ...AT, commentAnnotations: [{ location: { id: 'l' }, commentData: [says('u1'), says('u2')] }] });
    const get = await call('/v2/commentannotations/get', AT);
    return [add.body, get.body, service.exportState()];
  };
  const [a, b] = [await run(), await run()];
  expect(a).toEqual(b);
  expect(JSON.parse(a[0]!).result.data).not.toEqual({});
});
