import { afterEach } from 'vitest';
import { type ListenOptions, listen, type RunningServer } from '../../src/adapters/node-server.js';
import { createMockService, type MockService } from '../../src/service.js';

/** A standalone server a test starts on a free loopback port; the last one started closes after the test. */
export interface LoopbackServer {
  /** The service behind the last server started. */
  readonly service: MockService;
  /** The last server started. */
  readonly running: RunningServer;
  /** Starts a fresh service behind a real server on port 0 (`options` on top). */
  start(options?: ListenOptions): Promise<RunningServer>;
}

/** Registers the after-test close in the calling test file. */
export function useLoopbackServer(): LoopbackServer {
  let running: RunningServer | undefined;
  let service: MockService | undefined;

  afterEach(async () => {
    await running?.close();
    running = undefined;
  });

  return {
    get service() {
      if (service === undefined) throw new Error('No server was started.');
      return service;
    },
    get running() {
      if (running === undefined) throw new Error('No server was started.');
      return running;
    },
    async start(options = {}) {
      service = createMockService();
      running = await listen(service, { port: 0, ...options });
      return running;
    },
  };
}
