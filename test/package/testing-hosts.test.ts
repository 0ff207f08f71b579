import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createHandlers } from '../../src/adapters/msw.js';
import { listen } from '../../src/adapters/node-server.js';
import { createScenarioService } from '../../src/scenarios/index.js';
import { installMockService, type UseMockServiceOptions } from '../../src/testing/index.js';
import { useMockService } from '../../src/testing/vitest.js';

/** Runs the helper's hooks by hand, so a test can see what each of them does (afterAll's verdict included). */
function lifecycle(options: UseMockServiceOptions) {
  const hooks: Record<'beforeAll' | 'beforeEach' | 'afterAll', Array<() => unknown>> = { beforeAll: [], beforeEach: [], afterAll: [] };
  const mock = installMockService(
    { beforeAll: (fn) => hooks.beforeAll.push(fn), beforeEach: (fn) => hooks.beforeEach.push(fn), afterAll: (fn) => hooks.afterAll.push(fn) },
    options,
  );
  const run = async (name: keyof typeof hooks) => {
    for (const fn of hooks[name]) await fn();
  };
  return { mock, start: () => run('beforeAll').then(() => run('beforeEach')), finish: () => run('afterAll') };
}

// A local server stands for a host that is not the mock's: the real service, or anything else.
let otherHost = '';
let otherCalls = 0;
const other = createServer((_req, res) => {
  otherCalls++;
  res.end('other host');
});
beforeAll(async () => {
  await new Promise<void>((resolve) => other.listen(0, '127.0.0.1', resolve));
  otherHost = `http://127.0.0.1:${(other.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => other.close(() => resolve())));
afterEach(() => {
  vi.restoreAllMocks();
  otherCalls = 0;
});

describe('forbiddenHosts', () => {
  it('refuses a call to a forbidden host before it leaves the process, says why, and fails the file in afterAll', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    const { mock, start, finish } = lifecycle({ forbiddenHosts: [otherHost] });
    await start();
    await expect(fetch(`${otherHost}/v2/users/get`, { method: 'POST', body: '{}' })).rejects.toThrow(TypeError);
    expect(otherCalls).toBe(0);
    expect(errors.mock.calls.map((c) => String(c[0]))).toEqual([
      `collab-service-mock: refused POST ${otherHost}/v2/users/get: 127.0.0.1 is in forbiddenHosts, so no test may reach it; point the client at ${mock.baseUrl} (mock.baseUrl).`,
    ]);
    await expect(finish()).rejects.toThrow(
      `1 call(s) went to a host in forbiddenHosts and were refused: POST ${otherHost}/v2/users/get. Point the client at the mock's base URL.`,
    );
  });

  it('matches a forbidden host on any scheme, port and path, and takes bare host names', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { start, finish } = lifecycle({ forbiddenHosts: 'api.collab-service.example' });
    await start();
    for (const url of ['https://api.collab-service.example', 'http://API.collab-service.example:8443/v2/x?y=1']) {
      await expect(fetch(url)).rejects.toThrow(TypeError);
    }
    await expect(finish()).rejects.toThrow(/^2 call\(s\) went to a host in forbiddenHosts/);
  });

  it('lets a handler of the test answer a forbidden host: answered calls never reach it', async () => {
    const { http, HttpResponse } = await import('msw');
    const { mock, start, finish } = lifecycle({ forbiddenHosts: [otherHost] });
    await start();
    mock.server.use(http.get(`${otherHost}/health`, () => HttpResponse.text('stubbed')));
    expect(await (await fetch(`${otherHost}/health`)).text()).toBe('stubbed');
    expect(otherCalls).toBe(0);
    await finish();
  });

  it('refuses an entry that is neither a URL nor a host name', () => {
    expect(() => lifecycle({ forbiddenHosts: ['https://'] })).toThrow('forbiddenHosts takes URLs or host names, got "https://".');
  });
});

describe('unhandled requests', () => {
  it('warns about a call to another host by default and lets it through', async () => {
    const warnings = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const { start, finish } = lifecycle({});
    await start();
    expect(await (await fetch(`${otherHost}/other`)).text()).toBe('other host');
    expect(warnings.mock.calls.flat().join(' ')).toContain(`GET ${otherHost}/other`);
    await finish();
  });

  it('lets another host through silently with bypass, and refuses it with error', async () => {
    const warnings = vi.spyOn(console, 'warn').mockImplementation(() => {});
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const bypass = lifecycle({ onUnhandledRequest: 'bypass' });
    await bypass.start();
    expect(await (await fetch(otherHost)).text()).toBe('other host');
    await bypass.finish();
    expect(warnings).not.toHaveBeenCalled();
    const strict = lifecycle({ onUnhandledRequest: 'error' });
    await strict.start();
    await expect(fetch(otherHost)).rejects.toThrow();
    expect(otherCalls).toBe(1);
    await strict.finish();
  });

  it('hands a callback the request', async () => {
    const seen: string[] = [];
    const { start, finish } = lifecycle({ onUnhandledRequest: (request) => void seen.push(`${request.method} ${request.url}`) });
    await start();
    await fetch(`${otherHost}/seen`, { method: 'PUT' });
    expect(seen).toEqual([`PUT ${otherHost}/seen`]);
    await finish();
  });

  it("refuses a path of the service's host that no handler answers, whatever the scheme or port", async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    const { start, finish } = lifecycle({ baseUrl: 'http://127.0.0.1:1/collab' });
    await start();
    await expect(fetch(`${otherHost}/elsewhere`)).rejects.toThrow(TypeError);
    expect(otherCalls).toBe(0);
    expect(String(errors.mock.calls[0]?.[0])).toBe(
      `collab-service-mock: refused GET ${otherHost}/elsewhere: no handler answers this path of the service's host (base URL http://127.0.0.1:1/collab), and calls to that host never go to the network.`,
    );
    await finish();
  });
});

describe('a missing await', () => {
  it('createHandlers refuses a Promise and says to await it', () => {
    const pending = createScenarioService({ scenario: 'starter' });
    expect(() => createHandlers(pending as never)).toThrow(
      "createHandlers() got a Promise, not a service: createScenarioService() is async, so write `const service = await createScenarioService({ scenario: 'starter' })` and pass `service`.",
    );
    expect(() => createHandlers({} as never)).toThrow('createHandlers() needs a service from createMockService() or `await createScenarioService(...)`.');
    return pending;
  });

  it('listen refuses a Promise and says to await it', async () => {
    const pending = createScenarioService({ scenario: 'starter' });
    await expect(listen(pending as never, { port: 0 })).rejects.toThrow(
      "listen() got a Promise, not a service: write `await listen(await createScenarioService({ scenario: 'starter' }))`.",
    );
    await pending;
  });

  it('the test helpers refuse a Promise or a service in place of options', async () => {
    const pending = createScenarioService({ scenario: 'starter' });
    expect(() => useMockService(pending as never)).toThrow(
      "The test helpers got a Promise, not options: pass the scenario as an option, `useMockService({ scenario: 'starter' })`, and they create the service (a missing `await` before createScenarioService(...)?).",
    );
    const service = await pending;
    expect(() => installMockService({ beforeAll() {}, beforeEach() {}, afterAll() {} }, service as never)).toThrow(
      "The test helpers take options, not a service: pass `{ scenario: 'starter', seed: 7 }` and they create the service for the file.",
    );
  });
});
