import { PartialFailure } from '../../errors.js';
import type { Rng } from '../../support/rng.js';
import type { ModelContext } from './context.js';
import type { Mark } from './undo-log.js';

/** The transactions of one service. */
interface Turns {
  /** The transaction running; the next one waits for it, so an undo never takes another's writes. */
  running: Promise<unknown> | undefined;
  /** How many transactions hold a mark of the undo log (an in-process one may run inside another). */
  open: number;
}

const turnsOf = new WeakMap<ModelContext, Turns>();

function turns(model: ModelContext): Turns {
  let found = turnsOf.get(model);
  if (found === undefined) {
    found = { running: undefined, open: 0 };
    turnsOf.set(model, found);
  }
  return found;
}

/**
 * Takes the mark a transaction may roll back to. With no other transaction open, the undo log is first compacted
 * when it has outgrown the state: no mark is held then, so none can stop reaching.
 */
function begin(model: ModelContext, state: Turns): Mark {
  if (state.open === 0) model.store.compactIfDue();
  state.open += 1;
  return model.store.undo.mark();
}

function end(state: Turns): void {
  state.open -= 1;
}

/**
 * Runs `work` as a transaction on a service's state: after the transaction running before it, and all-or-nothing
 * (whatever it throws, every write it made and every id it drew is undone; a `PartialFailure` keeps what it wrote).
 * API operations and the control plane's writes go through it; reset and state import replace the history instead.
 * @example const users = await transaction(model, async () => addUsers(model, ns, { organizationId: 'o', users }));
 */
export function transaction<T>(model: ModelContext, work: () => Promise<T>): Promise<T> {
  try {
    return Promise.resolve(transact(model, work));
  } catch (error) {
    return Promise.reject(error);
  }
}

/**
 * `transaction` for work that may finish at once: when no transaction is running and `work` returns a value rather
 * than a promise, the whole transaction runs now and its value (or error) comes back without a turn of the event
 * loop; otherwise it waits its turn like `transaction` and gives a promise.
 * @example const output = transact(model, () => operation.run(args)); if (output instanceof Promise) await output;
 */
export function transact<T>(model: ModelContext, work: () => T | Promise<T>): T | Promise<T> {
  const state = turns(model);
  if (state.running !== undefined) return queued(model, state, work);
  const mark = begin(model, state);
  const rng = model.ids.rng.state();
  let result: T | Promise<T>;
  try {
    result = work();
  } catch (error) {
    undoUnlessPartial(model, mark, rng, error);
    end(state);
    throw error;
  }
  if (!(result instanceof Promise)) {
    end(state);
    return result;
  }
  // The rest of the work comes later: until it ends, later transactions wait for it.
  const done = result.then(
    (value) => {
      end(state);
      return value;
    },
    (error: unknown) => {
      undoUnlessPartial(model, mark, rng, error);
      end(state);
      throw error;
    },
  );
  state.running = done;
  const release = (): void => {
    if (state.running === done) state.running = undefined;
  };
  done.then(release, release);
  return done;
}

/** A transaction that starts once every transaction running before it has ended. */
async function queued<T>(model: ModelContext, state: Turns, work: () => T | Promise<T>): Promise<T> {
  for (let busy = state.running; busy; busy = state.running) await busy.catch(() => undefined);
  return transact(model, work);
}

/**
 * Runs synchronous `work` all-or-nothing, for in-process calls that answer at once (`service.memory.record`): a
 * throw undoes every write it made and every id it drew. It cannot wait for a running transaction.
 * @example const records = allOrNothing(model, () => recordJudgmentDrafts(model, ns, drafts));
 */
export function allOrNothing<T>(model: ModelContext, work: () => T): T {
  const state = turns(model);
  const mark = begin(model, state);
  const rng = model.ids.rng.state();
  try {
    return work();
  } catch (error) {
    undoUnlessPartial(model, mark, rng, error);
    throw error;
  } finally {
    end(state);
  }
}

/** A partial failure reports what it wrote; every other error leaves the state as it was. */
function undoUnlessPartial(model: ModelContext, mark: Mark, rng: ReturnType<Rng['state']>, error: unknown): void {
  if (error instanceof PartialFailure) return;
  model.store.rollback(mark);
  model.ids.rng.restore(rng);
}
