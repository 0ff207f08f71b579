import { ServiceError } from '../../errors.js';
import type { ModelContext } from '../state/context.js';
import type { LoginLinkRecord } from '../state/entities.js';
import { workspacesOwnedBy } from './workspaces.js';

/**
 * Keeps a login link for an e-mail address in the outbox of each workspace it owns (nothing is mailed). An
 * address that owns no workspace gets the same answer and nothing is kept, so callers cannot tell the two apart.
 * @example sendLoginLink(ctx, { email: 'owner@example.com', continueUrl: 'http://localhost:3000/' })
 */
export function sendLoginLink(ctx: ModelContext, input: { email: string; continueUrl: string }): LoginLinkRecord {
  const origin = new URL(input.continueUrl).origin;
  const link = `${origin}/__/auth/action?mode=signIn&oobCode=${ctx.ids.alnum(28)}&continueUrl=${encodeURIComponent(input.continueUrl)}`;
  const record: LoginLinkRecord = { email: input.email, continueUrl: input.continueUrl, link, at: ctx.clock.now() };
  for (const workspace of workspacesOwnedBy(ctx, input.email)) {
    if (!workspace.loginLinks) ctx.store.undo.assign(workspace, 'loginLinks', []);
    ctx.store.undo.push(workspace.loginLinks as LoginLinkRecord[], structuredClone(record));
  }
  return record;
}

/** The login links kept for every workspace, oldest first per workspace. @example loginLinks(ctx).length */
export function loginLinks(ctx: ModelContext): LoginLinkRecord[] {
  return [...ctx.store.tables.workspaces.values()].flatMap((w) => structuredClone(w.loginLinks ?? []));
}

/**
 * Whether the owner e-mail of any workspace is verified; 404 `User not found` when no workspace has that owner.
 * @example emailVerified(ctx, 'owner@example.com') === true
 */
export function emailVerified(ctx: ModelContext, ownerEmail: string): boolean {
  const owned = workspacesOwnedBy(ctx, ownerEmail);
  if (owned.length === 0) throw new ServiceError('NOT_FOUND', 'User not found');
  return owned.some((w) => w.emailVerified !== false);
}

/**
 * Sets the verified flag of every workspace an e-mail owns (fixtures and the control plane); returns how many.
 * @example setEmailVerified(ctx, 'owner@example.com', false) === 1
 */
export function setEmailVerified(ctx: ModelContext, ownerEmail: string, verified: boolean): number {
  const owned = workspacesOwnedBy(ctx, ownerEmail);
  for (const w of owned) ctx.store.undo.assign(w, 'emailVerified', verified);
  return owned.length;
}
