import { expectSuccess } from '../../support/expect.js';
import type { Client } from '../../support/transports.js';

/** The document every suite writes to. */
export const AT = { organizationId: 'org', documentId: 'doc' } as const;

/** A root comment by a user. */
export const says = (userId: string, commentText = `${userId} says hi`, extra: Record<string, unknown> = {}) => ({ from: { userId }, commentText, ...extra });

/** Adds threads and returns the per-annotation map. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function addThreads(c: Client, commentAnnotations: Record<string, unknown>[], extra: Record<string, unknown> = {}): Promise<any> {
  const reply = await c.post('/v2/commentannotations/add', { ...AT, commentAnnotations, ...extra });
  return expectSuccess(reply, 'Comment Annotation(s) added successfully.').data;
}

/** Adds one thread with a custom id and root comments. */
export async function thread(c: Client, annotationId: string, from = 'u1', extra: Record<string, unknown> = {}): Promise<void> {
  await addThreads(c, [{ annotationId, commentData: [says(from)], ...extra }]);
}

/** The threads of a get (flat form). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function getThreads(c: Client, data: Record<string, unknown> = {}): Promise<any> {
  return expectSuccess(await c.post('/v2/commentannotations/get', { ...AT, ...data }), 'Annotation(s) fetched successfully.');
}

export const idsOf = (list: ({ annotationId: string } | null)[]): (string | null)[] => list.map((t) => (t ? t.annotationId : null));
