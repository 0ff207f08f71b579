import { describe, expect, it } from 'vitest';
import { corsOrigins } from '../../src/protocol/cors.js';
import { createMockService } from '../../src/service.js';
import { expectError } from '../support/expect.js';
import { forEachTransport } from '../support/transports.js';

const preflight = (origin: string) => ({
  method: 'OPTIONS',
  path: '/v2/users/get',
  headers: { origin, 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type, x-service-api-key, x-service-auth-token' },
  body: '',
});

forEachTransport('API CORS: local frontends only by default', (fresh) => {
  it('answers the preflight of a page on a loopback origin, any port, and refuses any other page', async () => {
    const c = fresh();
    for (const origin of ['http://localhost:5173', 'http://127.0.0.1:3000', 'http://[::1]:8080', 'https://app.localhost']) {
      const reply = await c.raw(preflight(origin));
      expect(reply.status, origin).toBe(204);
      expect(reply.headers['access-control-allow-origin']).toBe(origin);
      expect(reply.headers['access-control-allow-credentials']).toBe('true');
    }
    for (const origin of ['https://attacker.example', 'null', 'http://localhost.attacker.example:5173', 'http://10.0.0.5:3000']) {
      const reply = await c.raw(preflight(origin));
      expectError(
        reply,
        403,
        'PERMISSION_DENIED',
        `API replies are shared with pages on loopback origins (localhost, 127.0.0.1, [::1], any port) and configured origins only, not with the page at ${origin}; start the server with --cors-origin ${origin} (option cors.origins) to allow it.`,
      );
      expect(reply.headers['access-control-allow-origin']).toBeUndefined();
    }
  });

  it('gives a foreign page no CORS headers on a reply, and says why in the journal', async () => {
    const c = fresh();
    const reply = await c.post('/v2/users/get', { organizationId: 'org' }, { origin: 'https://attacker.example' });
    expect(reply.headers['access-control-allow-origin']).toBeUndefined();
    expect(reply.headers['access-control-allow-credentials']).toBeUndefined();
    expect(c.service.journal.list({ path: '/v2/users/get' }).at(-1)?.hint).toContain('not with the page at https://attacker.example');
  });

  it('shares replies with the origins cors.origins names, and only those', async () => {
    const c = fresh({ cors: { origins: ['https://app.example:8443', 'HTTPS://Staging.Example/'] } });
    for (const origin of ['https://app.example:8443', 'https://staging.example']) {
      expect((await c.raw(preflight(origin))).headers['access-control-allow-origin'], origin).toBe(origin);
      const reply = await c.post('/v2/users/get', { organizationId: 'org' }, { origin });
      expect(reply.headers['access-control-allow-origin']).toBe(origin);
    }
    expect((await c.raw(preflight('https://app.example'))).status).toBe(403);
    expect((await c.raw(preflight('http://app.example:8443'))).status).toBe(403);
  });
});

describe('cors.origins', () => {
  it('takes origins and refuses anything else with a message', () => {
    expect([...corsOrigins(['http://LOCALHOST:80', 'https://app.example:8443/'])]).toEqual(['http://localhost', 'https://app.example:8443']);
    for (const bad of ['*', 'https://app.example/path', 'app.example', 'ftp://app.example', 'https://user:pw@app.example', 'https://app.example?x=1']) {
      expect(() => createMockService({ cors: { origins: [bad] } }), bad).toThrow(
        `CORS origins are written scheme://host[:port], such as https://app.example:8443 (no path, no wildcard); got ${JSON.stringify(bad)}.`,
      );
    }
  });
});
