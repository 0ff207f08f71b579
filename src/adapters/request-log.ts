import type { JournalEntry } from '../harness/journal.js';

/**
 * One line for a request, as the CLI prints it: service time, method, path, status, duration, and for a failure its
 * error status, message and the hint that explains it.
 * @example requestLine(entry) // '00:00:00.000 POST /v2/users/get 400 0.4ms INVALID_ARGUMENT "Bad Request" (The body is not valid JSON.)'
 */
export function requestLine(entry: JournalEntry): string {
  let line = `${entry.at.slice(11, 23)} ${entry.method} ${entry.path} ${entry.status} ${entry.durationMs.toFixed(1)}ms`;
  if (entry.errorStatus) line += ` ${entry.errorStatus} ${JSON.stringify(entry.message ?? '')}`;
  if (entry.hint) line += ` (${entry.hint})`;
  return line;
}
