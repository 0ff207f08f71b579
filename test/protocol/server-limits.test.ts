import { connect } from 'node:net';
import { describe, expect, it } from 'vitest';
import { fingerprint } from '../support/expect.js';
import { useLoopbackServer } from '../support/loopback.js';

const loopback = useLoopbackServer();
const { start } = loopback;

/** Writes raw bytes on a fresh connection (`then` after a pause, to be slow) and reads everything until it closes. */
function raw(port: number, first: string, then?: { after: number; text: string }): Promise<{ text: string; ms: number }> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    let text = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (text += chunk));
    socket.on('close', () => resolve({ text, ms: performance.now() - started }));
    socket.on('error', reject);
    socket.write(first);
    if (then) setTimeout(() => socket.writable && socket.write(then.text), then.after);
  });
}

const envelopeOf = (text: string): { status: number; body: { error: { status: string; message: string } } } => ({
  status: Number(/^HTTP\/1\.1 (\d+)/.exec(text)?.[1]),
  body: JSON.parse(text.slice(text.indexOf('\r\n\r\n') + 4)),
});

describe('standalone server limits', () => {
  it('lets Node fetch read the 413 envelope of uploads over 2 MiB, every time, and changes nothing', async () => {
    const server = await start();
    const before = fingerprint(loopback.service);
    for (const mib of [2.5, 8, 20]) {
      for (let attempt = 0; attempt < 2; attempt++) {
        const body = `{"data":{"x":"${'a'.repeat(mib * 1024 * 1024)}"}}`;
        const response = await fetch(`${server.url}/v2/users/add`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', ...loopback.service.credentials.headers },
          body,
        });
        expect(response.status, `${mib} MiB`).toBe(413);
        expect(await response.json()).toEqual({ error: { status: 'INVALID_ARGUMENT', message: 'Request body is larger than 1048576 bytes (1 MiB).' } });
      }
    }
    expect(fingerprint(loopback.service)).toBe(before);
  }, 60_000);

  it('lets a client still streaming its upload read the 413 envelope', async () => {
    const server = await start();
    const chunk = new TextEncoder().encode('a'.repeat(256 * 1024));
    let sent = 0;
    const body = new ReadableStream<Uint8Array>({
      async pull(controller) {
        await new Promise((resolve) => setTimeout(resolve, 5));
        if (sent++ < 12) controller.enqueue(chunk);
        else controller.close();
      },
    });
    const response = await fetch(`${server.url}/v2/users/add`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...loopback.service.credentials.headers },
      body,
      duplex: 'half',
    } as RequestInit);
    expect(response.status).toBe(413);
    expect((await response.json()).error.status).toBe('INVALID_ARGUMENT');
  });

  it('answers a request the HTTP parser refuses with the error envelope', async () => {
    const { port } = await start();
    const malformed = envelopeOf((await raw(port, 'BREW /v2/users/get HTTP/1.1\r\nHost: x\r\nContent-Length: nope\r\n\r\n')).text);
    expect(malformed).toEqual({ status: 400, body: { error: { status: 'INVALID_ARGUMENT', message: 'Bad Request' } } });
    const huge = envelopeOf((await raw(port, `POST /v2/users/get HTTP/1.1\r\nHost: x\r\nX-Big: ${'b'.repeat(20_000)}\r\n\r\n`)).text);
    expect(huge).toEqual({
      status: 431,
      body: { error: { status: 'INVALID_ARGUMENT', message: 'The request headers are larger than the server accepts (16 KiB in all).' } },
    });
  });

  it('bounds how long a slow client may take over its headers and its body', async () => {
    const { port } = await start({ headersTimeoutMs: 200, requestTimeoutMs: 400 });
    const message = 'The request was not received in time: headers must arrive within 200 ms and the whole request within 400 ms.';
    const slowHeaders = await raw(port, 'POST /v2/users/get HTTP/1.1\r\nHost: x\r\n');
    expect(envelopeOf(slowHeaders.text)).toEqual({ status: 408, body: { error: { status: 'DEADLINE_EXCEEDED', message } } });
    expect(slowHeaders.ms).toBeLessThan(2000);
    const slowBody = await raw(port, 'POST /v2/users/get HTTP/1.1\r\nHost: x\r\ncontent-type: application/json\r\nContent-Length: 100\r\n\r\n{"data":', {
      after: 100,
      text: '{',
    });
    expect(envelopeOf(slowBody.text)).toEqual({ status: 408, body: { error: { status: 'DEADLINE_EXCEEDED', message } } });
    expect(slowBody.ms).toBeLessThan(2000);
  });

  it('defaults to 10 s for headers and 30 s for the whole request', async () => {
    const { server } = await start();
    expect({ headers: server.headersTimeout, request: server.requestTimeout }).toEqual({ headers: 10_000, request: 30_000 });
  });
});
