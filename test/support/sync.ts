import { afterEach, beforeEach } from 'vitest';
import type { WebsocketProvider } from 'y-websocket';
import type * as Y from 'yjs';
import { listen, type RunningServer } from '../../src/adapters/node-server.js';
import { createMockService, type MockService } from '../../src/service.js';

/** Polls until `check` holds; the timeout only guards against a hang. */
export async function until(check: () => boolean, what: string, ms = 5000): Promise<void> {
  for (let waited = 0; !check(); waited += 10) {
    if (waited > ms) throw new Error(`Timed out waiting for ${what}.`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** A fresh service behind a real standalone server for each test, and the sync clients the test opened. */
export interface SyncServer {
  readonly service: MockService;
  readonly running: RunningServer;
  /** Destroys `provider` and `doc` after the test, before the server closes. */
  track(provider: WebsocketProvider, doc: Y.Doc): void;
  /** Destroys every tracked client now. */
  destroyClients(): void;
  /** POSTs `{ data }` over HTTP with the service's API-key headers and returns the parsed reply body. */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  rest(path: string, data: unknown): Promise<any>;
}

/** Registers the per-test server set-up and tear-down in the calling test file. */
export function useSyncServer(): SyncServer {
  let service: MockService | undefined;
  let running: RunningServer | undefined;
  const open: Array<{ provider: WebsocketProvider; doc: Y.Doc }> = [];
  const live = <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error('The sync server runs only inside a test.');
    return value;
  };

  beforeEach(async () => {
    service = createMockService();
    running = await listen(service, { port: 0 });
    open.length = 0;
  });

  const destroyClients = (): void => {
    for (const { provider, doc } of open.splice(0)) {
      provider.destroy();
      doc.destroy();
    }
  };

  afterEach(async () => {
    destroyClients();
    await live(running).close();
  });

  return {
    get service() {
      return live(service);
    },
    get running() {
      return live(running);
    },
    track(provider, doc) {
      open.push({ provider, doc });
    },
    destroyClients,
    async rest(path, data) {
      const response = await fetch(`${live(running).url}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...live(service).credentials.headers },
        body: JSON.stringify({ data }),
      });
      return response.json();
    },
  };
}
