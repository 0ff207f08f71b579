import { ServiceError } from '../errors.js';
import type { JournalFilter } from '../harness/journal.js';
import type { ControlHandler } from './context.js';

/** Reads the journal filters from a query string; a malformed `since` is refused with an example. */
function filterOf(query: URLSearchParams): JournalFilter {
  const filter: JournalFilter = {};
  const path = query.get('path');
  const status = query.get('status');
  const since = query.get('since');
  const method = query.get('method');
  if (path) filter.path = path;
  if (status) filter.status = status;
  if (method) filter.method = method;
  if (since !== null && since !== '') {
    if (!/^\d+$/.test(since))
      throw new ServiceError('INVALID_ARGUMENT', `since must be the id of a journal entry (a whole number), e.g. ?since=12; got '${since}'.`);
    filter.since = Number(since);
  }
  return filter;
}

/**
 * `GET /__mock/requests?path=&status=&since=&method=`: the recorded calls, oldest first (reading it is not recorded).
 * @example GET /__mock/requests?path=/v2/users/*&status=400
 */
export const list: ControlHandler = (deps, { query }) => ({ limit: deps.journal.limit, requests: deps.journal.list(filterOf(query)) });

/** `POST /__mock/requests/clear`: forgets every recorded call. */
export const clear: ControlHandler = (deps) => {
  deps.journal.clear();
  return { status: 'ok' };
};
