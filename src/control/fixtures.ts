import { z } from 'zod';
import { ServiceError } from '../errors.js';
import { addActivities, listActivities, type NewActivity } from '../model/activities/activities.js';
import { addCommentAnnotation, addReaction, addRecording } from '../model/annotations.js';
import { addActivitiesInput } from '../operations/activities.js';
import { validate } from '../protocol/validate.js';
import { type ControlHandler, namespaceFor } from './context.js';

const user = z.looseObject({ userId: z.string().min(1) });
const annotation = z.looseObject({ documentId: z.string().min(1), from: user, annotationId: z.string().min(1).optional() });
const comment = z.looseObject({ from: user.optional(), commentText: z.string().optional(), commentId: z.number().int().optional() });

const annotationsBody = z.object({
  apiKey: z.string().optional(),
  organizationId: z.string().min(1),
  comments: z.array(annotation.extend({ comments: z.array(comment).optional() })).optional(),
  reactions: z.array(annotation).optional(),
  recordings: z.array(annotation).optional(),
});

/**
 * `POST /__mock/annotations`: stores fixture comment annotations, reactions and recordings (no public write
 * operation exists for them) and answers the stored records with their generated ids.
 */
export const addAnnotations: ControlHandler = (deps, { body }) => {
  const input = validate(annotationsBody, body);
  const ns = namespaceFor(deps, input.apiKey);
  const { organizationId } = input;
  return {
    comments: (input.comments ?? []).map((c) => addCommentAnnotation(deps.model, ns, { ...c, organizationId })),
    reactions: (input.reactions ?? []).map((r) => addReaction(deps.model, ns, { ...r, organizationId })),
    recordings: (input.recordings ?? []).map((r) => addRecording(deps.model, ns, { ...r, organizationId })),
  };
};

const EXAMPLE = '{"organizationId":"org1","activities":[{"id":"activity-001","featureType":"comment","actionType":"comment.add"}]}';

/**
 * `POST /__mock/activities` stores activity records (fixtures for `/v2/activities/update`); a refused body
 * stores nothing.
 * @example await fetch(`${url}/__mock/activities`, { method: 'POST', body: JSON.stringify({ organizationId, activities }) })
 */
export const addActivityRecords: ControlHandler = (deps, { body }) => {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw new ServiceError('INVALID_ARGUMENT', `The body must be a JSON object, e.g. ${EXAMPLE}.`);
  }
  const input = validate(addActivitiesInput, body);
  const ns = namespaceFor(deps, input.apiKey);
  const stored = addActivities(deps.model, ns, input.organizationId, input.activities as NewActivity[]);
  return { apiKey: ns.apiKey, organizationId: input.organizationId, activities: stored };
};

/** `GET /__mock/activities?organizationId=...&apiKey=...` lists an organization's activity records. */
export const listActivityRecords: ControlHandler = (deps, { query }) => {
  const organizationId = query.get('organizationId');
  if (!organizationId) {
    throw new ServiceError('INVALID_ARGUMENT', 'organizationId is required, e.g. GET /__mock/activities?organizationId=org1.');
  }
  const ns = namespaceFor(deps, query.get('apiKey'));
  return { apiKey: ns.apiKey, organizationId, activities: listActivities(ns, organizationId) };
};
