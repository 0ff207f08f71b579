import { expect, it } from 'vitest';
import { control } from '../support/control.js';
import { expectError } from '../support/expect.js';
import { forEachTransport } from '../support/transports.js';

forEachTransport('control table', (fresh) => {
  it('answers GET /__mock/state with exactly the bytes of service.exportState()', async () => {
    const c = fresh();
    const reply = await control(c, 'GET', '/__mock/state');
    expect(reply.status).toBe(200);
    expect(reply.text).toBe(c.service.exportState());
    expect(reply.headers['content-type']).toBe('application/json; charset=utf-8');
  });

  it('tells a plain request to the sync endpoint to connect with a WebSocket', async () => {
    const c = fresh();
    const path = `/__mock/yjs/${c.service.credentials.apiKey}/org/doc/editor`;
    expectError(
      await control(c, 'GET', path),
      426,
      'FAILED_PRECONDITION',
      'This is the shared-editor sync endpoint: connect with a y-websocket client (WebSocket upgrade) to the standalone server.',
    );
    expectError(await control(c, 'POST', path, {}), 400, 'INVALID_ARGUMENT', `${path} answers GET, not POST.`);
  });

  it('never treats inherited object names as control paths', async () => {
    const c = fresh();
    expectError(await control(c, 'GET', '/__mock/constructor'), 404, 'NOT_FOUND', /^Unknown control path \/__mock\/constructor\./);
  });
});
