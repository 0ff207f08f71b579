import { afterAll, beforeAll, beforeEach } from 'vitest';
import { installMockService, type MockServiceHandle, type UseMockServiceOptions } from './index.js';

export type { MockServiceHandle, UnhandledRequestStrategy, UseMockServiceOptions } from './index.js';

/**
 * One call per test file: msw intercepts the service's base URL for the file, each test starts from the
 * scenario's state, and everything closes after the last test.
 * @example const mock = useMockService({ scenario: 'starter' }); it('reads', async () => { await fetch(`${mock.baseUrl}/v2/users/get`, ...) });
 */
export function useMockService(options: UseMockServiceOptions = {}): MockServiceHandle {
  return installMockService({ beforeAll, beforeEach, afterAll }, options);
}
