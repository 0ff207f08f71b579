import type { Clock } from '../support/clock.js';
import type { Ids } from '../support/ids.js';
import type { Store } from './store.js';

/** What every model function works with: the state, the clock and the seeded id source. */
export interface ModelContext {
  readonly store: Store;
  readonly clock: Clock;
  readonly ids: Ids;
}
