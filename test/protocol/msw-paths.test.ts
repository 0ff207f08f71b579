import { setupServer } from 'msw/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHandlers } from '../../src/adapters/msw.js';
import type { ApiCall } from '../../src/protocol/call.js';
import { createMockService, type MockService } from '../../src/service.js';

// A base with a path and a trailing slash, and one without: each answers its requests, with the path
// and query the service sees taken below the base.
const service = createMockService();
const seen: string[] = [];
const watched = {
  ...service,
  dispatch(call: ApiCall) {
    seen.push(call.path);
    return service.dispatch(call);
  },
} as MockService;
const server = setupServer(...createHandlers(watched, { baseUrl: ['https://api.example.test/base/', 'https://plain.example.test'] }));
beforeAll(() => server.listen({ onUnhandledRequest: 'error', onUnhandledFrame: 'error' } as never));
afterAll(() => server.close());

const post = (url: string) =>
  fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...service.credentials.headers },
    body: JSON.stringify({ data: { organizationId: 'o' } }),
  });

describe('the paths msw handlers pass to the service', () => {
  it('are the path and query below the base, for every spelling of a URL under it', async () => {
    const urls = [
      ['https://api.example.test/base/v2/users/get', '/v2/users/get'],
      ['https://api.example.test/base/v2/users/get?x=1&y=%20', '/v2/users/get?x=1&y=%20'],
      ['https://API.EXAMPLE.test:443/base/v2/users/get#frag', '/v2/users/get'],
      ['https://api.example.test/base/v2/us%65rs/get', '/v2/us%65rs/get'],
      ['https://plain.example.test/v2/users/get?a', '/v2/users/get?a'],
    ];
    for (const [url, path] of urls) {
      const res = await post(url as string);
      await res.text();
      expect(seen.at(-1), url).toBe(path);
    }
    expect((await post('https://plain.example.test/v2/users/get')).status).toBe(200);
  });
});
