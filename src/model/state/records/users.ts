/** The stored shape of a delete-all-user-data job (beyond-spec 3.10). */

/** A delete-all-user-data job: the deletion happened at request time, the status reports tasks as they finish. */
export interface UserDataJob {
  jobId: string;
  userIds: string[];
  tasksCount: number;
  tasksLeft: number;
  createdAt: number;
  /** Milliseconds; null until the first task completes. */
  lastTaskCompletedTime: number | null;
}
