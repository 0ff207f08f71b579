import type { MigrationPolicy } from '../migrations.js';
import type { ModelContext } from '../state/context.js';
import type { Namespace, UserDataJob } from '../state/entities.js';
import { eraseUserData } from './erase.js';

/**
 * Starts a delete-all-user-data job (beyond-spec 3.10): the data goes at once; the job reports one task per kind
 * of data touched (at least one), finishing them as its status is polled or the clock runs (like migrations).
 * @example startUserDataDeletion(ctx, ns, policy, { userIds: ['u1'] }).tasksCount
 */
export function startUserDataDeletion(
  ctx: ModelContext,
  ns: Namespace,
  policy: MigrationPolicy,
  input: { userIds: readonly string[]; organizationIds?: readonly string[] | undefined },
): UserDataJob {
  const touched = eraseUserData(ctx, ns, input);
  const tasksCount = Math.max(1, touched.size);
  const now = ctx.clock.now();
  const done = policy.mode === 'immediate';
  const job: UserDataJob = {
    jobId: ctx.ids.alnum(20),
    userIds: [...input.userIds],
    tasksCount,
    tasksLeft: done ? 0 : tasksCount,
    createdAt: now,
    lastTaskCompletedTime: done ? now : null,
  };
  if (!ns.userDataJobs) ctx.store.undo.assign(ns, 'userDataJobs', new Map());
  ctx.store.undo.set(ns.userDataJobs as Map<string, UserDataJob>, job.jobId, job);
  return structuredClone(job);
}

/** What the status reports. */
export interface UserDataJobStatus {
  isDeleteCompleted: boolean;
  tasksLeft: number;
  lastTaskCompletedTime: number | null;
}

/**
 * The status of a job, or undefined when the key has no such job. Under `poll` each read reports the current
 * state and then finishes one task; under `clock` one task finishes per `stepMs`; `manual` jobs stay put.
 * @example pollUserDataDeletion(ctx, ns, policy, jobId)?.tasksLeft
 */
export function pollUserDataDeletion(ctx: ModelContext, ns: Namespace, policy: MigrationPolicy, jobId: string): UserDataJobStatus | undefined {
  const job = ns.userDataJobs?.get(jobId);
  if (!job) return undefined;
  const now = ctx.clock.now();
  if (policy.mode === 'clock' && job.tasksLeft > 0) {
    const finished = Math.min(job.tasksCount, Math.floor((now - job.createdAt) / Math.max(1, policy.stepMs)));
    if (job.tasksCount - finished < job.tasksLeft) {
      ctx.store.undo.touch(job);
      job.tasksLeft = job.tasksCount - finished;
      job.lastTaskCompletedTime = job.createdAt + finished * policy.stepMs;
    }
  }
  const status: UserDataJobStatus = { isDeleteCompleted: job.tasksLeft === 0, tasksLeft: job.tasksLeft, lastTaskCompletedTime: job.lastTaskCompletedTime };
  if ((policy.mode === 'poll' || policy.mode === 'failing') && job.tasksLeft > 0) {
    ctx.store.undo.touch(job);
    job.tasksLeft -= 1;
    job.lastTaskCompletedTime = now;
  }
  return status;
}
