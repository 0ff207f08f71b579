// docs/existing-client.md against the installed package: the customer's client (acme-client.mjs), unchanged, against
// the standalone server started with --header-prefix and its credentials, then against the msw handlers.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { createMockService } from 'collab-service-mock';
import { createHandlers } from 'collab-service-mock/msw';
import { setupServer } from 'msw/node';
import { createCollabClient } from './acme-client.mjs';

process.loadEnvFile('.env.test');
const { COLLAB_API_KEY, COLLAB_AUTH_TOKEN } = process.env;

// The standalone server: npx collab-service-mock --header-prefix x-acme- --api-key "$COLLAB_API_KEY" --auth-token "$COLLAB_AUTH_TOKEN"
const cli = spawn('node_modules/.bin/collab-service-mock', [
  '--port',
  '0',
  '--quiet',
  '--header-prefix',
  'x-acme-',
  '--api-key',
  COLLAB_API_KEY,
  '--auth-token',
  COLLAB_AUTH_TOKEN,
]);
const url = await new Promise((resolve, reject) => {
  let out = '';
  cli.stdout.on('data', (chunk) => {
    out += chunk;
    const found = /listening on (\S+)/.exec(out);
    if (found) resolve(found[1]);
  });
  cli.on('exit', (code) => reject(new Error(`exit ${code}`)));
});
const overHttp = createCollabClient({ baseUrl: url, apiKey: COLLAB_API_KEY, authToken: COLLAB_AUTH_TOKEN });
await overHttp.addUser('acme', { userId: 'ada', name: 'Ada' });
assert.deepEqual(await overHttp.users('acme'), [{ userId: 'ada', name: 'Ada' }]);
const stranger = createCollabClient({ baseUrl: url, apiKey: COLLAB_API_KEY, authToken: '0'.repeat(32) });
await assert.rejects(stranger.users('acme'), { message: '403 PERMISSION_DENIED: Invalid auth token for API key.' });
cli.kill('SIGTERM');

// The msw handlers, in a unit test:
const service = createMockService({
  headerPrefix: 'x-acme-',
  credentials: { apiKey: process.env.COLLAB_API_KEY, authToken: process.env.COLLAB_AUTH_TOKEN },
});
const server = setupServer(...createHandlers(service, { baseUrl: process.env.COLLAB_API_URL }));
server.listen();
const client = createCollabClient({ baseUrl: process.env.COLLAB_API_URL, apiKey: process.env.COLLAB_API_KEY, authToken: process.env.COLLAB_AUTH_TOKEN });
await client.addUser('acme', { userId: 'ada', name: 'Ada' });
assert.deepEqual(await client.users('acme'), [{ userId: 'ada', name: 'Ada' }]);
service.reset();
assert.deepEqual(await client.users('acme'), []);
server.close();
console.log('existing client ok');
