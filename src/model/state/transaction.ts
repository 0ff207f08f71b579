import { PartialFailure } from '../../errors.js';
import type { Rng } from '../../support/rng.js';
import type { ModelContext } from './context.js';
import type { Mark } from './undo-log.js';

/** The transaction running on each service; the next one waits for it, so an undo never takes another's writes. */
const running = new WeakMap<ModelContext, Promise<unknown>>();

/** How many transactions of each service hold a mark of its undo log (an in-process one may run inside another). */
const open = new WeakMap<ModelContext, number>();

/**
 * Takes the mark a transaction may roll back to. With no other transaction open, the undo log is first compacted
 * when it has outgrown the state: no mark is held then, so none can stop reaching.
 */
function begin(model: ModelContext): Mark {
  const depth = open.get(model) ?? 0;
  if (depth === 0) model.store.compactIfDue();
  open.set(model, depth + 1);
  return model.store.undo.mark();
}

function end(model: ModelContext): void {
  open.set(model, (open.get(model) ?? 1) - 1);
}

/**
 * Runs `work` as a transaction on a service's state: after the transaction running before it, and all-or-nothing
 * (whatever it throws, every write it made and every id it drew is undone; a `PartialFailure` keeps what it wrote).
 * API operations and the control plane's writes go through it; reset and state import replace the history instead.
 * @example const users = await transaction(model, async () => addUsers(model, ns, { organizationId: 'o', users }));
 */
export function transaction<T>(model: ModelContext, work: () => Promise<T>): Promise<T> {
  return exclusive(model, () => atomically(model, work));
}

/**
 * Runs synchronous `work` all-or-nothing, for in-process calls that answer at once (`service.memory.record`): a
 * throw undoes every write it made and every id it drew. It cannot wait for a running transaction.
 * @example const records = allOrNothing(model, () => recordJudgmentDrafts(model, ns, drafts));
 */
export function allOrNothing<T>(model: ModelContext, work: () => T): T {
  const mark = begin(model);
  const rng = model.ids.rng.state();
  try {
    return work();
  } catch (error) {
    undoUnlessPartial(model, mark, rng, error);
    throw error;
  } finally {
    end(model);
  }
}

async function exclusive<T>(model: ModelContext, work: () => Promise<T>): Promise<T> {
  for (let busy = running.get(model); busy; busy = running.get(model)) await busy.catch(() => undefined);
  const done = work();
  running.set(model, done);
  try {
    return await done;
  } finally {
    if (running.get(model) === done) running.delete(model);
  }
}

async function atomically<T>(model: ModelContext, work: () => Promise<T>): Promise<T> {
  const mark = begin(model);
  const rng = model.ids.rng.state();
  try {
    return await work();
  } catch (error) {
    undoUnlessPartial(model, mark, rng, error);
    throw error;
  } finally {
    end(model);
  }
}

/** A partial failure reports what it wrote; every other error leaves the state as it was. */
function undoUnlessPartial(model: ModelContext, mark: Mark, rng: ReturnType<Rng['state']>, error: unknown): void {
  if (error instanceof PartialFailure) return;
  model.store.rollback(mark);
  model.ids.rng.restore(rng);
}
