import { setupServer } from 'msw/node';
import { afterEach, expect, it } from 'vitest';
import { createHandlers } from '../../src/adapters/msw.js';
import { listen, type RunningServer } from '../../src/adapters/node-server.js';
import { createMockService } from '../../src/service.js';

let running: RunningServer | undefined;
afterEach(async () => {
  await running?.close();
  running = undefined;
});

const TOKEN = 'control-token-0123456789';

it('storage URLs carry their own credential: a server asking for a control token takes uploads and signed downloads without it', async () => {
  const service = createMockService();
  running = await listen(service, { port: 0, controlToken: TOKEN });
  const base = running.url;
  const post = (path: string, data: unknown) =>
    fetch(`${base}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...service.credentials.headers },
      body: JSON.stringify({ data }),
    }).then((r) => r.json());
  const slot = (await post('/v2/memory/knowledge/upload-url', { mimeType: 'application/pdf', fileSize: 9 })).result;
  expect(slot.uploadUrl.startsWith(base)).toBe(true);
  const pdf = Uint8Array.from([0x25, 0x50, 0x44, 0x46, 0x2d, 0xff, 0x00, 0xfe, 0x01]);
  const put = await fetch(slot.uploadUrl, { method: 'PUT', headers: { 'content-type': 'application/pdf' }, body: pdf });
  expect(put.status).toBe(200);
  expect((await fetch(`${base}/__mock/reset`, { method: 'POST' })).status).toBe(401);
  await fetch(`${base}/__mock/memory/knowledge/config`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-mock-control-token': TOKEN },
    body: '{"progression":"immediate"}',
  });
  const { sourceId } = (await post('/v2/memory/knowledge/ingest', { source: 'fileRef', fileRef: slot.fileRef, mimeType: 'application/pdf' })).result;
  const status = (await post('/v2/memory/knowledge/ingest-status', { sourceId })).result;
  const original = await fetch(status.originalDownloadUrl);
  expect(original.headers.get('content-type')).toBe('application/pdf');
  expect(new Uint8Array(await original.arrayBuffer())).toEqual(pdf);
  expect(await (await fetch(status.canonicalMdDownloadUrl)).text()).toBe(
    `# upload-${slot.uploadUrl.split('/').at(-1).slice(0, 8)}\n\n(opaque application/pdf source, 9 bytes)\n`,
  );
});

it('keeps binary uploads byte for byte in process', async () => {
  const service = createMockService();
  const dispatch = (path: string, data: unknown) =>
    service
      .dispatch({ method: 'POST', path, headers: { 'content-type': 'application/json', ...service.credentials.headers }, body: JSON.stringify({ data }) })
      .then((r) => JSON.parse(r.body).result);
  service.memory.knowledge.config({ progression: 'immediate' });
  const slot = await dispatch('/v2/memory/knowledge/upload-url', {
    mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    fileSize: 6,
    fileName: 'sheet.xlsx',
  });
  const bytes = Uint8Array.from([0x50, 0x4b, 0x03, 0x04, 0x80, 0x81]);
  expect(service.memory.knowledge.upload(slot.uploadUrl, bytes, 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')).toEqual({
    token: slot.uploadUrl.split('/').at(-1),
    bytes: 6,
  });
  const { sourceId } = await dispatch('/v2/memory/knowledge/ingest', {
    source: 'fileRef',
    fileRef: slot.fileRef,
    mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  });
  const { originalDownloadUrl } = await dispatch('/v2/memory/knowledge/ingest-status', { sourceId });
  const reply = await service.dispatch({
    method: 'GET',
    path: new URL(originalDownloadUrl).pathname + new URL(originalDownloadUrl).search,
    headers: {},
    body: '',
  });
  expect(reply.bytes).toEqual(bytes);
});

it('keeps binary uploads and downloads byte for byte through msw', async () => {
  const service = createMockService();
  const server = setupServer(...createHandlers(service));
  server.listen({ onUnhandledRequest: 'error' });
  try {
    const post = (path: string, data: unknown) =>
      fetch(`https://collab-service.test${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...service.credentials.headers },
        body: JSON.stringify({ data }),
      }).then((r) => r.json());
    service.memory.knowledge.config({ progression: 'immediate' });
    const slot = (await post('/v2/memory/knowledge/upload-url', { mimeType: 'application/pdf', fileSize: 7 })).result;
    const pdf = Uint8Array.from([0x25, 0x50, 0x44, 0x46, 0x2d, 0xc3, 0x28]);
    expect((await fetch(slot.uploadUrl, { method: 'PUT', headers: { 'content-type': 'application/pdf' }, body: pdf })).status).toBe(200);
    const { sourceId } = (await post('/v2/memory/knowledge/ingest', { source: 'fileRef', fileRef: slot.fileRef, mimeType: 'application/pdf' })).result;
    const status = (await post('/v2/memory/knowledge/ingest-status', { sourceId })).result;
    expect(new Uint8Array(await (await fetch(status.originalDownloadUrl)).arrayBuffer())).toEqual(pdf);
  } finally {
    server.close();
  }
});
