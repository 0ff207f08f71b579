// An install without the optional peers yjs, y-protocols, lib0 and ws: the core, the msw handlers and the server
// load and serve; shared-editor calls and live sync answer 501 naming what to install.
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { connect } from 'node:net';
import { createMockService, loadYjs } from 'collab-service-mock';
import { createHandlers } from 'collab-service-mock/msw';
import { listen } from 'collab-service-mock/server';

const require = createRequire(import.meta.url);
for (const name of ['yjs', 'y-protocols', 'lib0', 'ws']) assert.throws(() => require.resolve(name), /Cannot find module/, `${name} is installed here`);

const service = createMockService();
assert.equal(createHandlers(service).length, 1);
const call = (path, data) =>
  service.dispatch({ method: 'POST', path, headers: { 'content-type': 'application/json', ...service.credentials.headers }, body: JSON.stringify({ data }) });

const added = await call('/v2/users/add', { organizationId: 'org-1', users: [{ userId: 'u1' }] });
assert.equal(added.status, 200);
const before = service.exportState();
const crdt = await call('/v2/crdt/add', { organizationId: 'org-1', documentId: 'doc-1', editorId: 'e', type: 'text', data: 'Hi' });
assert.equal(crdt.status, 501);
assert.deepEqual(JSON.parse(crdt.body), {
  error: { status: 'UNIMPLEMENTED', message: 'Shared editors need the yjs package, which is not installed: run `npm install yjs` in your project.' },
});
assert.equal(service.exportState(), before, 'the refused call left the state as it was');
await assert.rejects(loadYjs(), { message: 'Shared editors need the yjs package, which is not installed: run `npm install yjs` in your project.' });
assert.throws(() => service.crdt.doc({ organizationId: 'org-1', documentId: 'doc-1', editorId: 'e' }), /Shared editors need the yjs package/);

const running = await listen(service, { port: 0 });
const index = await (await fetch(`${running.url}/`)).json();
assert.equal(index.name, 'collab-service-mock');
const upgrade = await new Promise((resolve, reject) => {
  const socket = connect(running.port, '127.0.0.1', () =>
    socket.write(
      `GET /__mock/yjs/${service.credentials.apiKey}/org-1/doc-1/e HTTP/1.1\r\nHost: 127.0.0.1:${running.port}\r\nConnection: Upgrade\r\nUpgrade: websocket\r\nSec-WebSocket-Version: 13\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n\r\n`,
    ),
  );
  let text = '';
  socket.on('data', (chunk) => (text += chunk));
  socket.on('end', () => resolve(text));
  socket.on('error', reject);
});
assert.match(upgrade, /^HTTP\/1\.1 501 Not Implemented\r\n/);
assert.match(
  upgrade,
  /\r\n\r\nLive sync needs the packages yjs, y-protocols, ws \(yjs is not installed\): run `npm install yjs y-protocols ws` in your project\.\n$/,
);
await running.close();

// ESM only, and require() of it works on Node 20.19+ (no top-level await in the library).
assert.equal(typeof require('collab-service-mock').createMockService, 'function');
assert.equal(typeof require('collab-service-mock/msw').createHandlers, 'function');
console.log('without yjs ok');
