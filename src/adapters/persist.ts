import { existsSync, readFileSync } from 'node:fs';
import { rename, unlink, writeFile } from 'node:fs/promises';
import { readStateHeader } from '../model/state/state-file.js';
import type { MockService } from '../service.js';

/** A service whose state is written to a file after writes. */
export interface PersistedState {
  /** Writes now if a write is pending (call before the process exits). */
  flush(): Promise<void>;
  /** Stops watching; pending writes are flushed first. */
  stop(): Promise<void>;
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
 * Writes a service's state to `file` after every call that may change it, debounced, atomically: the text goes to a
 * temporary file beside it, which is then renamed over the old one, so a crash mid-write leaves the old file whole.
 * @example const persisted = persistState(service, 'state.json'); await persisted.flush();
 */
export function persistState(service: MockService, file: string, options: { debounceMs?: number; onError?: (error: Error) => void } = {}): PersistedState {
  const debounceMs = options.debounceMs ?? 250;
  const temporary = `${file}.${process.pid}.tmp`;
  let last = existsSync(file) ? readFileSync(file, 'utf8') : undefined;
  let timer: NodeJS.Timeout | undefined;
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
  const schedule = (): void => {
    if (timer) clearTimeout(timer);
    timer = setTimeout(() => {
      timer = undefined;
      writing = writing.then(write);
    }, debounceMs);
  };
  // Reads can change state too (clock-driven migrations settle, rate-limit windows), so every answered call counts;
  // an unchanged export is not written.
  const unsubscribe = service.journal.subscribe((entry) => {
    if (entry.kind === 'api' || (entry.kind === 'control' && entry.method !== 'GET')) schedule();
  });
  const flush = async (): Promise<void> => {
    if (timer) {
      clearTimeout(timer);
      timer = undefined;
      writing = writing.then(write);
    }
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
