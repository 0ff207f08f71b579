import { authoredByAny, eraseFromThreads } from './comments/erase.js';
import { renderThread, threadsForWrite } from './comments/records.js';
import { deleteEditors, moveEditors } from './crdt/registry.js';
import { configKey } from './notifications/config.js';
import { eraseFromNotifications } from './notifications/erase.js';
import { involvedNotifications } from './notifications/query.js';
import { documentNotifications, reindexNotification, removeNotification } from './notifications/timeline.js';
import type { ModelContext } from './state/context.js';
import type { Namespace, OrganizationRecord } from './state/entities.js';
import { type DocumentMove, documentOf, type LocationUpdate, relocateRecord, retargetDocument, sameLocation, userIdOf } from './state/record-fields.js';

/** Where a kind's records of one organization live. */
export interface Scope {
  ctx: ModelContext;
  ns: Namespace;
  org: OrganizationRecord;
}

/**
 * One kind of record that belongs to a document: how it is dropped with the document, moved by a completed
 * migration, rewritten by a location update, listed by the user-data export and erased by the user-data deletion.
 */
export interface DocumentScopedKind {
  readonly name: string;
  drop(scope: Scope, documentId: string): void;
  move(scope: Scope, move: DocumentMove): void;
  /** Points the document's records at the folder the document now sits in (`metadata.folderId`; none: removed). */
  refolder?(scope: Scope, documentId: string, folderId: string | undefined): void;
  /** Rewrites the named location in the document's records; returns how many locations changed. */
  relocate?(scope: Scope, update: LocationUpdate): number;
  /**
   * The records of this kind a user created or took part in, in storage order (get all user data), read lazily:
   * a page stops once it is full.
   */
  userData?(scope: Scope, userId: string): Iterable<unknown>;
  /** The read shape of an item of `userData`, applied to the items of a page only. */
  renderUserData?(item: unknown): unknown;
  /**
   * Erases users from this kind's records of the organization (delete all user data): what they made goes, and
   * they are taken out of the rest. Returns whether anything changed.
   */
  erase?(scope: Scope, users: ReadonlySet<string>): boolean;
  /** The task of a user-data deletion this kind's erasure counts as; default: `name`. */
  readonly erasedAs?: string;
}

/** A list-shaped kind of fixture record (reactions, recordings) keyed by `metadata.documentId`. */
function annotationKind(name: 'reactions' | 'recordings', involves: (record: Record<string, unknown>, userId: string) => boolean): DocumentScopedKind {
  return {
    name,
    drop({ ctx, org }, documentId) {
      if (org[name].some((record) => documentOf(record) === documentId)) {
        ctx.store.undo.assign(
          org,
          name,
          org[name].filter((record) => documentOf(record) !== documentId),
        );
      }
    },
    move({ ctx, org }, move) {
      for (const record of org[name]) {
        if (documentOf(record) !== move.documentId) continue;
        ctx.store.undo.touch(record);
        retargetDocument(record, move);
      }
    },
    relocate({ ctx, org }, update) {
      let count = 0;
      for (const record of org[name]) {
        if (documentOf(record) !== update.documentId) continue;
        ctx.store.undo.touch(record);
        count += relocateRecord(record, update);
      }
      return count;
    },
    userData: ({ org }, userId) => filtered(org[name], (record) => involves(record, userId)),
    erase({ ctx, org }, users) {
      const kept = org[name].filter((record) => !authoredByAny(record, users));
      if (kept.length === org[name].length) return false;
      ctx.store.undo.assign(org, name, kept);
      return true;
    },
  };
}

function* filtered<T>(items: Iterable<T>, keep: (item: T) => boolean): Generator<T> {
  for (const item of items) if (keep(item)) yield item;
}

const authoredBy = (record: Record<string, unknown>, userId: string): boolean => userIdOf(record['from']) === userId;

/** The comment annotation was created by the user, or holds a comment the user wrote or that mentions the user. */
function inThread(annotation: Record<string, unknown>, userId: string): boolean {
  if (authoredBy(annotation, userId)) return true;
  const comments = annotation['comments'];
  return (
    Array.isArray(comments) &&
    comments.some((comment: unknown) => {
      const c = comment as Record<string, unknown> | null;
      return userIdOf(c?.['from']) === userId || (Array.isArray(c?.['to']) && c['to'].some((u: unknown) => userIdOf(u) === userId));
    })
  );
}

function* threadsOf(org: OrganizationRecord): Generator<Record<string, unknown>> {
  for (const store of org.comments.values()) yield* store.threads.values();
}

/**
 * Comment threads, stored per document: dropped and moved as a whole; a move into a document that has threads
 * merges them (same ids: the moved thread wins) and keeps numbering after the highest number.
 */
const comments: DocumentScopedKind = {
  name: 'comments',
  drop({ ctx, org }, documentId) {
    ctx.store.undo.delete(org.comments, documentId);
  },
  move({ ctx, org }, move) {
    if (!org.comments.has(move.documentId) || move.documentId === move.newDocumentId) return;
    // Both documents' threads are written as copies (the undo log keeps the originals untouched).
    const source = threadsForWrite(ctx, org, move.documentId);
    const target = threadsForWrite(ctx, org, move.newDocumentId, true);
    if (!source || !target) return;
    ctx.store.undo.delete(org.comments, move.documentId);
    for (const [id, thread] of source.threads) {
      retargetDocument(thread, move);
      target.threads.set(id, thread);
    }
    target.next = Math.max(target.next, source.next);
  },
  refolder({ ctx, org }, documentId, folderId) {
    if (!org.comments.has(documentId)) return;
    // The threads are a fresh copy (the undo log keeps the originals), so their metadata is written in place.
    for (const thread of threadsForWrite(ctx, org, documentId)?.threads.values() ?? []) {
      if (folderId === undefined) delete thread.metadata['folderId'];
      else thread.metadata['folderId'] = folderId;
    }
  },
  relocate({ ctx, org }, update) {
    let count = 0;
    if (!org.comments.has(update.documentId)) return 0;
    for (const thread of threadsForWrite(ctx, org, update.documentId)?.threads.values() ?? []) count += relocateRecord(thread, update);
    return count;
  },
  userData: ({ org }, userId) => filtered(threadsOf(org), (thread) => inThread(thread, userId)),
  renderUserData: (thread) => renderThread(thread as Parameters<typeof renderThread>[0]),
  erase: ({ ctx, org }, users) => eraseFromThreads(ctx.store.undo, org, users),
};

const notifications: DocumentScopedKind = {
  name: 'notifications',
  drop({ ctx, org }, documentId) {
    // The document's own list of the timeline, in insertion order: the cost follows the document.
    for (const n of documentNotifications(org, documentId)) removeNotification(ctx.store.undo, org, n);
  },
  move({ ctx, org }, move) {
    const { undo } = ctx.store;
    for (const notification of org.notifications.values()) {
      if (notification.documentId !== move.documentId && documentOf(notification.record) !== move.documentId) continue;
      reindexNotification(undo, org, notification, () => {
        undo.touch(notification);
        if (notification.documentId === move.documentId) notification.documentId = move.newDocumentId;
        retargetDocument(notification.record, move);
      });
    }
  },
  relocate({ ctx, org }, update) {
    let count = 0;
    for (const notification of org.notifications.values()) {
      const ofDocument = notification.documentId === update.documentId || documentOf(notification.record) === update.documentId;
      if (!ofDocument) continue;
      ctx.store.undo.touch(notification);
      const changed = relocateRecord(notification.record, update);
      count += changed;
      // A string locationId mirrors the location's own id and follows it; numeric (internal) ids stay as stored.
      const newId = update.newLocation.id;
      if (
        changed > 0 &&
        typeof notification.locationId === 'string' &&
        newId !== undefined &&
        sameLocation({ id: notification.locationId }, update.oldLocation)
      ) {
        notification.locationId = newId;
      }
    }
    return count;
  },
  // The user acted (action user) or holds the notification (a recipient), read through the timeline.
  userData: ({ org }, userId) => involvedNotifications(org, userId),
  erase: ({ ctx, org }, users) => eraseFromNotifications(ctx.store.undo, org, users),
};

const notificationConfigs: DocumentScopedKind = {
  name: 'notificationConfigs',
  drop({ ctx, org }, documentId) {
    for (const [key, c] of org.notificationConfigs) if (c.documentId === documentId) ctx.store.undo.delete(org.notificationConfigs, key);
  },
  move({ ctx, org }, move) {
    // A user's settings for the migrated document become the settings for the new one (replacing any there).
    const { undo } = ctx.store;
    for (const [key, c] of [...org.notificationConfigs]) {
      if (c.documentId !== move.documentId) continue;
      undo.delete(org.notificationConfigs, key);
      undo.set(org.notificationConfigs, configKey(c.userId, move.newDocumentId), { ...c, documentId: move.newDocumentId });
    }
  },
  erasedAs: 'notifications',
  erase({ ctx, org }, users) {
    let touched = false;
    for (const [key, config] of org.notificationConfigs) {
      if (!users.has(config.userId)) continue;
      ctx.store.undo.delete(org.notificationConfigs, key);
      touched = true;
    }
    return touched;
  },
};

const activities: DocumentScopedKind = {
  name: 'activities',
  drop({ ctx, org }, documentId) {
    for (const [id, activity] of org.activities) if (documentOf(activity) === documentId) ctx.store.undo.delete(org.activities, id);
  },
  move({ ctx, org }, move) {
    for (const activity of org.activities.values()) {
      if (documentOf(activity) !== move.documentId) continue;
      ctx.store.undo.touch(activity);
      retargetDocument(activity, move);
    }
  },
  relocate({ ctx, org }, update) {
    let count = 0;
    for (const activity of org.activities.values()) {
      if (documentOf(activity) !== update.documentId) continue;
      ctx.store.undo.touch(activity);
      count += relocateRecord(activity, update);
    }
    return count;
  },
  erase({ ctx, org }, users) {
    let touched = false;
    for (const [id, activity] of org.activities) {
      if (activity.actionUser === undefined || !users.has(activity.actionUser.userId)) continue;
      ctx.store.undo.delete(org.activities, id);
      touched = true;
    }
    return touched;
  },
};

/** Shared-editor content belongs to the document, not to a user: a user-data deletion leaves it. */
const editors: DocumentScopedKind = {
  name: 'editors',
  drop: ({ ctx, ns, org }, documentId) => deleteEditors(ctx, ns, { organizationId: org.organizationId, documentId }),
  move: ({ ctx, ns }, move) => moveEditors(ctx, ns, move.organizationId, move.documentId, move.newDocumentId),
};

/**
 * THE list of per-document record kinds. Document delete, migration, location update, the user-data export and
 * the user-data deletion loop over it, so a new kind is one entry here. The user-data export lists kinds in this
 * order, and the deletion erases them in it.
 */
export const DOCUMENT_SCOPE: readonly DocumentScopedKind[] = [
  comments,
  annotationKind('reactions', authoredBy),
  annotationKind('recordings', authoredBy),
  notifications,
  notificationConfigs,
  activities,
  editors,
];
