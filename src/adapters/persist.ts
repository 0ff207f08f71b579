import { existsSync, readdirSync, readFileSync, unlinkSync } from 'node:fs';
import { rename, unlink, writeFile } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { readStateHeader } from '../model/state/state-file.js';
import type { AfterHook } from '../protocol/hooks.js';
import { type MockService, serviceHooks } from '../service.js';

/** A service whose state is written to a file after writes. */
export interface PersistedState {
  /** Writes now if a write is pending (call before the process exits). */
  flush(): Promise<void>;
  /** Stops watching; pending writes are flushed first. */
  stop(): Promise<void>;
}

/** Options of `persistState`. */
export interface PersistOptions {
  /** Milliseconds of quiet after a call before the state is written. Default 250. */
  debounceMs?: number;
  /** The longest a change waits for the file, however steady the calls: at most this many milliseconds. Default 1000. */
  maxWaitMs?: number;
  /** Called when a write fails (the old file stays whole); default: a line on stderr. */
  onError?: (error: Error) => void;
}

/**
 * The state a `--persist` file holds, or undefined when there is none yet. Refuses, with a message that says what to
 * do, a file of another seed than the one asked for (`seed` given) and anything `importState` would refuse.
 * @example const text = readPersisted('state.json', 7);
 */
export function readPersisted(file: string, seed: number | undefined): string | undefined {
  if (!existsSync(file)) return undefined;
  const text = readFileSync(file, 'utf8');
  const { identity } = readStateHeader(text);
  if (seed !== undefined && identity.seed !== seed) {
    throw new Error(
      `${file} holds the state of seed ${identity.seed}, not ${seed}; leave --seed out to keep it, or delete the file to start over with seed ${seed}.`,
    );
  }
  return text;
}

/**
 * Writes a service's state to `file` after every call that may change it: once calls pause for `debounceMs`, and
 * never later than `maxWaitMs` after the first change the file does not hold yet, so steady traffic cannot keep
 * postponing it. Atomically: the text goes to a temporary file beside it, which is then renamed over the old one,
 * so a crash mid-write leaves the old file whole.
 * @example const persisted = persistState(service, 'state.json'); await persisted.flush();
 */
export function persistState(service: MockService, file: string, options: PersistOptions = {}): PersistedState {
  removeStaleTemporaries(file);
  const debounceMs = options.debounceMs ?? 250;
  const maxWaitMs = Math.max(options.maxWaitMs ?? 1000, 0);
  const temporary = `${file}.${process.pid}.tmp`;
  let last = existsSync(file) ? readFileSync(file, 'utf8') : undefined;
  /** Restarted by every call. */
  let quiet: NodeJS.Timeout | undefined;
  /** Started by the first call the file does not hold yet, never restarted: the bound on how late a write comes. */
  let deadline: NodeJS.Timeout | undefined;
  let writing: Promise<void> = Promise.resolve();

  const write = async (): Promise<void> => {
    const text = service.exportState();
    if (text === last) return;
    try {
      await writeFile(temporary, text);
      await rename(temporary, file);
      last = text;
    } catch (error) {
      await unlink(temporary).catch(() => undefined);
      (options.onError ?? ((e) => process.stderr.write(`collab-service-mock: cannot write ${file}: ${e.message}\n`)))(error as Error);
    }
  };
  /** Queues one write of the state as it is when the write starts, and clears both timers. */
  const writeNow = (): Promise<void> => {
    clearTimeout(quiet);
    clearTimeout(deadline);
    quiet = undefined;
    deadline = undefined;
    writing = writing.then(write);
    return writing;
  };
  const schedule = (): void => {
    clearTimeout(quiet);
    quiet = setTimeout(writeNow, debounceMs);
    deadline ??= setTimeout(writeNow, maxWaitMs);
  };
  // Reads can change state too (clock-driven migrations settle, rate-limit windows), so every answered call counts;
  // an unchanged export is not written.
  const after = serviceHooks(service).after;
  const watch: AfterHook = (call, _reply, info) => {
    if (info.kind === 'api' || (info.kind === 'control' && call.method.toUpperCase() !== 'GET')) schedule();
  };
  after.push(watch);
  const unsubscribe = (): void => {
    const at = after.indexOf(watch);
    if (at !== -1) after.splice(at, 1);
  };
  const flush = async (): Promise<void> => {
    if (quiet !== undefined || deadline !== undefined) await writeNow();
    await writing;
  };
  if (last === undefined) writing = writing.then(write);
  return {
    flush,
    async stop() {
      unsubscribe();
      await flush();
    },
  };
}

/** Whether a process with this id is running. */
function running(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Removes the temporary files a killed process left beside `file` mid-write (`<file>.<pid>.tmp` of no running process). */
function removeStaleTemporaries(file: string): void {
  const name = basename(file);
  let entries: string[];
  try {
    entries = readdirSync(dirname(file));
  } catch {
    return;
  }
  for (const entry of entries) {
    if (!entry.startsWith(`${name}.`) || !entry.endsWith('.tmp')) continue;
    const pid = Number(entry.slice(name.length + 1, -'.tmp'.length));
    if (!Number.isInteger(pid) || pid <= 0 || pid === process.pid || running(pid)) continue;
    try {
      unlinkSync(join(dirname(file), entry));
    } catch {
      // Another process may have removed it first.
    }
  }
}
