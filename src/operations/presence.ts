import { z } from 'zod';
import { addPresence, broadcastLiveState, deletePresence, updatePresence } from '../model/presence.js';
import { defineOperation, namespaceOf } from '../protocol/operation.js';
import { requiredString } from '../protocol/rules.js';

const SUCCESS = { success: true };

/** `POST /v2/livestate/broadcast`: stores the value under its key (replace, or `merge`) for the document's clients. */
export const broadcast = defineOperation({
  auth: 'apiKey',
  summary: 'Broadcast a live-state event',
  message: 'Event broadcasted successfully.',
  schema: z.object({
    organizationId: requiredString(),
    documentId: requiredString(),
    liveStateDataId: requiredString(),
    data: z.record(z.string(), z.unknown()),
    merge: z.boolean().optional(),
  }),
  run({ data, caller, model }) {
    broadcastLiveState(model, namespaceOf(caller), { ...data, merge: data.merge ?? false });
    return { data: SUCCESS };
  },
});

const presenceUser = z.looseObject({ userId: requiredString(), name: z.string().optional(), email: z.string().optional(), status: z.string().optional() });

const presenceWrite = z.object({ organizationId: requiredString(), documentId: requiredString(), users: z.array(presenceUser).min(1) });

/** `POST /v2/presence/add`: shows users (bots, agents) on a document; a re-added user is replaced. */
export const add = defineOperation({
  auth: 'apiKey',
  summary: 'Add presence',
  message: 'Presence added successfully.',
  schema: presenceWrite,
  run({ data, caller, model }) {
    addPresence(model, namespaceOf(caller), data, data.users);
    return { data: SUCCESS };
  },
});

/** `POST /v2/presence/update`: overwrites the given fields of present users; absent users are ignored. */
export const update = defineOperation({
  auth: 'apiKey',
  summary: 'Update presence',
  message: 'Presence updated successfully.',
  schema: presenceWrite,
  run({ data, caller, model }) {
    updatePresence(model, namespaceOf(caller), data, data.users);
    return { data: SUCCESS };
  },
});

/** `POST /v2/presence/delete`: removes users from a document's presence; unknown ids are ignored. */
export const remove = defineOperation({
  auth: 'apiKey',
  summary: 'Delete presence',
  message: 'Presence deleted successfully.',
  schema: z.object({ organizationId: requiredString(), documentId: requiredString(), userIds: z.array(requiredString()).min(1) }),
  run({ data, caller, model }) {
    deletePresence(model, namespaceOf(caller), data, data.userIds);
    return { data: SUCCESS };
  },
});
