import type { OrganizationRecord } from '../state/entities.js';
import { userIdOf } from '../state/record-fields.js';
import type { UndoLog } from '../state/undo-log.js';

type Holder = Record<string, unknown>;
const isObject = (value: unknown): value is Holder => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Removes the users' `{{userId}}` mention tokens from a text. */
function stripTokens(text: string, users: ReadonlySet<string>): string {
  return text.replace(/\{\{([^{}]+)\}\}/g, (whole, id: string) => (users.has(id) ? '' : whole));
}

/** Takes the users out of another person's comment: tagged contacts, `to`, and mention tokens in the text. */
function stripMentions(undo: UndoLog, comment: Holder, users: ReadonlySet<string>): boolean {
  let changed = false;
  for (const key of ['taggedUserContacts', 'to']) {
    const list = comment[key];
    if (!Array.isArray(list)) continue;
    const kept = list.filter((entry: unknown) => {
      const id = userIdOf(entry) ?? (isObject(entry) ? userIdOf(entry['contact']) : undefined);
      return !(typeof id === 'string' && users.has(id));
    });
    if (kept.length !== list.length) {
      undo.assign(comment, key, kept);
      changed = true;
    }
  }
  for (const key of ['commentText', 'commentHtml']) {
    const text = comment[key];
    if (typeof text !== 'string') continue;
    const stripped = stripTokens(text, users);
    if (stripped !== text) {
      undo.assign(comment, key, stripped);
      changed = true;
    }
  }
  return changed;
}

/** Whether a record's author (`from.userId`) is one of the users. */
export function authoredByAny(record: Holder, users: ReadonlySet<string>): boolean {
  const id = userIdOf(record['from']);
  return typeof id === 'string' && users.has(id);
}

/**
 * Erases users from an organization's comment threads: a thread one of them started goes whole, their comments
 * leave the others, and their mentions are stripped. Returns whether anything changed.
 * @example eraseFromThreads(ctx.store.undo, org, new Set(['u1']))
 */
export function eraseFromThreads(undo: UndoLog, org: OrganizationRecord, users: ReadonlySet<string>): boolean {
  let touched = false;
  for (const store of org.comments.values()) {
    for (const [annotationId, thread] of store.threads) {
      if (authoredByAny(thread, users)) {
        undo.delete(store.threads, annotationId);
        touched = true;
        continue;
      }
      const remaining = thread.comments.filter((comment) => !authoredByAny(comment, users));
      if (remaining.length !== thread.comments.length) touched = true;
      for (const comment of remaining) if (stripMentions(undo, comment, users)) touched = true;
      if (remaining.length !== thread.comments.length) undo.assign(thread, 'comments', remaining);
    }
  }
  return touched;
}
