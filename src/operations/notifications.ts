import { z } from 'zod';
import { effectiveNotificationConfig, NOTIFICATION_SETTINGS, setNotificationConfig } from '../model/notifications/config.js';
import { addNotification, deleteNotifications, queryNotifications } from '../model/notifications/notifications.js';
import { pageNotifications } from '../model/notifications/query.js';
import { notificationReply, notificationReplyHead } from '../model/notifications/render.js';
import { isReadBy, updateNotifications } from '../model/notifications/update.js';
import type { NotificationRecord } from '../model/state/entities.js';
import { decodeNumericPageToken, encodeNumericPageToken } from '../protocol/cursors.js';
import { JsonText } from '../protocol/envelope.js';
import { defineOperation, namespaceOf } from '../protocol/operation.js';
import { idList, perItem, requiredString } from '../protocol/rules.js';

/** `notifyUsers[0]` from a zod path. */
const pathText = (path: readonly PropertyKey[]): string =>
  path.map((p, i) => (typeof p === 'number' ? `[${p}]` : i === 0 ? String(p) : `.${String(p)}`)).join('');

const isBlank = (s: string | undefined): boolean => s === undefined || s.trim() === '';

const object = z.record(z.string(), z.unknown());

/** A user named in a notification: `userId` required, documented fields type-checked, others kept. */
const person = z.looseObject({ userId: requiredString(), name: z.string().optional(), email: z.string().optional() });

/** A recipient: a userId or an email (service-facts 3.31). */
const recipient = z
  .looseObject({ userId: requiredString().optional(), name: z.string().optional(), email: z.string().optional() })
  .refine((u) => u.userId !== undefined || !isBlank(u.email), {
    error: (iss) => `${pathText(iss.path ?? [])}.userId or ${pathText(iss.path ?? [])}.email is required.`,
  });

/** `context.access` values are strings or numbers. */
const access = object.refine((a) => Object.values(a).every((v) => typeof v === 'string' || typeof v === 'number'), {
  error: (iss) => {
    const entries = Object.entries(iss.input as Record<string, unknown>);
    const bad = entries.find(([, v]) => typeof v !== 'string' && typeof v !== 'number')?.[0] ?? '';
    return `context.access.${bad} must be a string or a number.`;
  },
});

const addSchema = z
  .object({
    organizationId: requiredString(),
    documentId: requiredString(),
    actionUser: person,
    notifyUsers: z.array(recipient),
    notifyAll: z.boolean().optional(),
    createOrganization: z.boolean().optional(),
    createDocument: z.boolean().optional(),
    verifyUserPermissions: z.boolean().optional(),
    notificationId: z
      .string()
      .regex(/^[A-Za-z0-9_-]+$/, { error: 'notificationId may only contain letters, digits, "_" and "-".' })
      .optional(),
    isNotificationResolverUsed: z.boolean().optional(),
    displayHeadlineMessageTemplate: z.string().optional(),
    displayHeadlineMessageTemplateData: object.optional(),
    displayBodyMessage: z.string().optional(),
    notificationSource: z.enum(['custom', 'comment', 'huddle', 'crdt']).optional(),
    notificationSourceData: object.optional(),
    context: z.looseObject({ access }).optional(),
    // Extra keys the real service accepts and keeps (service-facts 3.31).
    location: object.optional(),
    metadata: object.optional(),
    displayBodyMessageTemplate: z.string().optional(),
    displayBodyMessageTemplateData: object.optional(),
    isCrossOrganizationEnabled: z.boolean().optional(),
  })
  .check((ctx) => {
    if (ctx.value.isNotificationResolverUsed === true) return;
    for (const field of ['displayHeadlineMessageTemplate', 'displayBodyMessage'] as const) {
      if (isBlank(ctx.value[field])) ctx.issues.push({ code: 'custom', input: ctx.value[field], path: [field], params: { rule: 'required' } });
    }
  });

/** `POST /v2/notifications/add`: store one notification (an existing id is replaced); the id is not returned. */
export const add = defineOperation({
  auth: 'apiKey',
  summary: 'Add a notification',
  message: 'Notification added successfully.',
  schema: addSchema,
  run({ data, caller, model }) {
    addNotification(model, namespaceOf(caller), data);
    return { data: { success: true, message: 'Notification added successfully.' } };
  },
});

const DOCUMENT_OR_USER = { error: 'documentId or userId is required.' };
const hasDocumentOrUser = (d: { documentId?: string | undefined; userId?: string | undefined }): boolean =>
  d.documentId !== undefined || d.userId !== undefined;

/** Location ids are strings on the wire; numbers (as stored on records) are accepted too. */
const locationId = z.union([requiredString(), z.number().transform(String)], { error: 'locationId must be a string or a number.' }).optional();

/** `POST /v2/notifications/delete`: delete the selected notifications, or with `userId` take that user off them. */
export const remove = defineOperation({
  auth: 'apiKey',
  summary: 'Delete notifications',
  message: 'Notification(s) deleted successfully.',
  schema: z
    .object({
      organizationId: requiredString(),
      documentId: requiredString().optional(),
      locationId,
      userId: requiredString().optional(),
      notificationIds: z.array(requiredString()).optional(),
    })
    .refine(hasDocumentOrUser, DOCUMENT_OR_USER),
  run({ data, caller, model }) {
    const outcomes = deleteNotifications(model, namespaceOf(caller), data);
    return { data: perItem(outcomes) };
  },
});

/** `POST /v2/notifications/get`: paged notifications by timestamp; the cursor is `pageToken`, `""` at the end. */
export const get = defineOperation({
  auth: 'apiKey',
  summary: 'Get notifications',
  message: 'Notification(s) retrieved successfully.',
  schema: z
    .object({
      organizationId: requiredString(),
      documentId: requiredString().optional(),
      userId: requiredString().optional(),
      locationId,
      notificationIds: idList().optional(),
      pageSize: z.number().int().positive().optional(),
      pageToken: z.string().optional(),
      order: z.enum(['asc', 'desc']).optional(),
    })
    .refine(hasDocumentOrUser, DOCUMENT_OR_USER),
  run({ data, caller, version }) {
    const ns = namespaceOf(caller);
    const userId = data.userId;
    // Each item is the text `JSON.stringify` gives for it, the stored part kept between reads (notificationReplyHead).
    const text = (n: NotificationRecord): string => {
      // Read state is per user, so only a user-scoped read can report it.
      if (userId === undefined) return `${notificationReplyHead(n, ns)}}`;
      // A stored `isUnread` of a fixture keeps its place in the key order, with the reader's value.
      if (Object.hasOwn(n.record, 'isUnread')) return JSON.stringify({ ...notificationReply(ns, n), isUnread: !isReadBy(n, userId) });
      return `${notificationReplyHead(n, ns)},"isUnread":${!isReadBy(n, userId)}}`;
    };
    const list = (records: readonly NotificationRecord[]): JsonText => new JsonText(`[${records.map(text).join(',')}]`);
    // The v1 path (SDK v3 and earlier) has no paging: everything, newest first, no cursor.
    if (version === 'v1') return { data: list(queryNotifications(ns, data)) };
    const offset = decodeNumericPageToken(data.pageToken);
    const { page, more } = pageNotifications(ns, data, data.order ?? 'desc', offset, data.pageSize ?? 1000);
    return { data: list(page), beside: { pageToken: more ? encodeNumericPageToken(offset + page.length) : '' } };
  },
});

const setting = z.enum(NOTIFICATION_SETTINGS).optional();
/** The chat channel also takes `MENTIONS_ONLY`, as the service's own request collection sends. */
const chatSetting = z.enum([...NOTIFICATION_SETTINGS, 'MENTIONS_ONLY']).optional();

/** `POST /v2/notifications/config/get`: per document (request order) or the organization default, with fallbacks. */
export const getConfig = defineOperation({
  auth: 'apiKey',
  summary: 'Get notification settings of a user',
  message: 'User config fetched successfully.',
  schema: z
    .object({
      organizationId: requiredString(),
      userId: requiredString(),
      documentIds: idList().optional(),
      getOrganizationConfig: z.boolean().optional(),
    })
    .refine((d) => d.getOrganizationConfig === true || d.documentIds !== undefined, { error: 'documentIds is required.' }),
  run({ data, caller }) {
    const ns = namespaceOf(caller);
    const { organizationId, userId } = data;
    const items =
      data.getOrganizationConfig === true
        ? [{ config: effectiveNotificationConfig(ns, organizationId, userId), metadata: { organizationId, apiKey: ns.apiKey, userId } }]
        : (data.documentIds ?? []).map((documentId) => ({
            config: effectiveNotificationConfig(ns, organizationId, userId, documentId),
            metadata: { organizationId, apiKey: ns.apiKey, documentId, userId },
          }));
    return { data: items };
  },
});

/** `POST /v2/notifications/config/set`: write channels per user, per document or as the organization default. */
export const setConfig = defineOperation({
  auth: 'apiKey',
  summary: 'Set notification settings of a user',
  message: 'User config set successfully.',
  schema: z.object({
    organizationId: requiredString(),
    documentIds: z.array(requiredString()).min(1).optional(),
    userIds: z.array(requiredString()).min(1),
    config: z.object({ inbox: setting, email: setting, slack: chatSetting }),
  }),
  run({ data, caller, model }) {
    setNotificationConfig(model, namespaceOf(caller), data);
    const documentId = data.documentIds?.at(-1);
    return {
      data: perItem(
        data.userIds.map((userId) => [
          userId,
          documentId === undefined
            ? { success: true, userId, message: 'User config set successfully.' }
            : { success: true, userId, documentId, message: 'User config set successfully.' },
        ]),
      ),
    };
  },
});

/** One notification of an update: the id, replaced content, read state. */
const updateItem = z.object({
  id: requiredString(),
  actionUser: person.optional(),
  displayHeadlineMessageTemplate: z.string().optional(),
  displayHeadlineMessageTemplateData: object.optional(),
  displayBodyMessage: z.string().optional(),
  notificationSourceData: z.unknown().optional(),
  readByUserIds: z.array(requiredString()).optional(),
  persistReadForUsers: z.boolean().optional(),
});

/** The documented array of `{ id, ... }`, or the object keyed by notification id that one reference type shows. */
const updateItems = z.preprocess(
  (value) =>
    typeof value === 'object' && value !== null && !Array.isArray(value)
      ? Object.entries(value).map(([id, fields]) => (typeof fields === 'object' && fields !== null ? { ...fields, id } : fields))
      : value,
  z.array(updateItem).min(1),
);

/** `POST /v2/notifications/update`: replace content and mark read per user; unknown or narrowed-out ids fail per item. */
export const update = defineOperation({
  auth: 'apiKey',
  summary: 'Update notifications',
  message: 'Notification(s) updated successfully.',
  schema: z.object({
    organizationId: requiredString(),
    documentId: requiredString().optional(),
    locationId,
    userId: requiredString().optional(),
    verifyUserPermissions: z.boolean().optional(),
    notifications: updateItems,
  }),
  run({ data, caller, model }) {
    return { data: perItem(updateNotifications(model, namespaceOf(caller), data)) };
  },
});
