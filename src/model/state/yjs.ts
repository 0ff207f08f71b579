import type { SaxesParser } from 'saxes';
import type * as Yjs from 'yjs';
import { ServiceError } from '../../errors.js';

/** The yjs module, as `import * as Y from 'yjs'` gives it. */
export type YjsModule = typeof Yjs;

/** What a shared-editor call answers when the yjs package cannot be loaded. */
export const YJS_MISSING_MESSAGE = 'Shared editors need the yjs package, which is not installed: run `npm install yjs` in your project.';

let loaded: YjsModule | undefined;
let loading: Promise<YjsModule> | undefined;
let missing = false;
let Parser: typeof SaxesParser | undefined;

/**
 * Loads yjs once per process (it is an optional peer, loaded on the first shared-editor call like jose on
 * the first token), and the XML parser the xml type uses. Rejects with UNIMPLEMENTED naming the package when
 * yjs is not installed.
 * @example const Y = await loadYjs(); new Y.Doc();
 */
export function loadYjs(): Promise<YjsModule> {
  if (loaded && Parser) return Promise.resolve(loaded);
  loading ??= Promise.all([import('yjs'), import('saxes')]).then(
    ([module, saxes]) => {
      Parser = saxes.SaxesParser;
      loaded = module;
      return module;
    },
    (error: unknown) => {
      loading = undefined;
      if (!isMissing(error)) throw error;
      missing = true;
      throw new ServiceError('UNIMPLEMENTED', YJS_MISSING_MESSAGE);
    },
  );
  return loading;
}

/** yjs when something has loaded it already, else undefined (then no Yjs document can exist yet). @example loadedYjs()?.Doc */
export function loadedYjs(): YjsModule | undefined {
  return loaded;
}

/**
 * yjs for synchronous code; throws when it is not loaded: UNIMPLEMENTED when it is not installed, else an
 * error that says to `await loadYjs()` first.
 * @example const doc = new (yjs().Doc)();
 */
export function yjs(): YjsModule {
  if (loaded) return loaded;
  if (missing) throw new ServiceError('UNIMPLEMENTED', YJS_MISSING_MESSAGE);
  throw new Error(
    "yjs is not loaded yet: shared-editor documents are opened synchronously here, so `await loadYjs()` (from 'collab-service-mock') once first. CRDT API calls, the team scenario and the test helpers load it themselves.",
  );
}

/** The XML parser (saxes), loaded with yjs. @example new (xmlParser())({ fragment: true }) */
export function xmlParser(): typeof SaxesParser {
  if (Parser) return Parser;
  yjs();
  throw new Error('The XML parser loads with yjs: `await loadYjs()` first.');
}

/** True for the error `import()` gives when a package is not installed. */
export function isMissing(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === 'ERR_MODULE_NOT_FOUND' || code === 'MODULE_NOT_FOUND' || /Cannot find (module|package)|Failed to resolve/.test(String(error));
}

/** Loads yjs when it is installed; resolves undefined when it is not. @example if (await tryLoadYjs()) service.crdt.doc(at); */
export function tryLoadYjs(): Promise<YjsModule | undefined> {
  return loadYjs().catch((error: unknown) => {
    if (missing) return undefined;
    throw error;
  });
}
