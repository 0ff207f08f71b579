import { z } from 'zod';
import { validate } from '../protocol/validate.js';
import { addCommentAnnotation, addReaction, addRecording } from '../model/annotations.js';
import type { ControlHandler } from './control.js';
import { keyNamespace } from './namespaces.js';

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
export const annotationControlRoutes: Readonly<Record<string, ControlHandler>> = {
  'POST /__mock/annotations': (deps, body) => {
    const input = validate(annotationsBody, body);
    const ns = keyNamespace(deps, input.apiKey);
    const { organizationId } = input;
    return {
      comments: (input.comments ?? []).map((c) => addCommentAnnotation(deps.model, ns, { ...c, organizationId })),
      reactions: (input.reactions ?? []).map((r) => addReaction(deps.model, ns, { ...r, organizationId })),
      recordings: (input.recordings ?? []).map((r) => addRecording(deps.model, ns, { ...r, organizationId })),
    };
  },
};
