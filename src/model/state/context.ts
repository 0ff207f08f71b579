import type { Clock } from '../../support/clock.js';
import type { Ids } from '../../support/ids.js';
import type { DomainEvents } from './events.js';
import type { Store } from './store.js';

/** What every model function works with: the state, the clock, the seeded id source and the event channel. */
export interface ModelContext {
  readonly store: Store;
  readonly clock: Clock;
  readonly ids: Ids;
  readonly events: DomainEvents;
}
