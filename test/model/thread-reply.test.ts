import { describe, expect, it } from 'vitest';
import { renderThread, threadReply } from '../../src/model/comments/records.js';
import type { ThreadRecord } from '../../src/model/state/entities.js';

const thread = (): ThreadRecord => ({
  annotationId: 'a1',
  annotationNumber: 1,
  viewedByUserIds: ['u1'],
  createdAt: 5,
  lastUpdated: 6,
  from: { userId: 'u1', name: 'Ann' },
  comments: [{ commentId: 1, from: { userId: 'u1' }, commentText: 'hi', reactionAnnotations: [{ icon: 'x', users: [null, 1] }] }],
  metadata: { documentId: 'd', organizationId: 'o', extra: { deep: true } },
  viewedBy: { u1: 1 },
  agentFields: { secret: 1 },
  status: { id: 'open' },
  left: undefined,
});

describe('thread reply view', () => {
  it('serialises to the bytes of the copy a thread is rendered as, hidden fields left out, without copying the stored values', () => {
    const record = thread();
    const reply = threadReply(record);
    expect(JSON.stringify(reply)).toBe(JSON.stringify(renderThread(record)));
    expect(Object.keys(reply)).toEqual(Object.keys(renderThread(record)));
    expect(reply).not.toHaveProperty('viewedByUserIds');
    expect(reply).not.toHaveProperty('agentFields');
    expect(reply['comments']).toBe(record.comments);
  });

  it('leaves the stored thread as it was', () => {
    const record = thread();
    threadReply(record);
    expect(record).toEqual(thread());
  });
});
