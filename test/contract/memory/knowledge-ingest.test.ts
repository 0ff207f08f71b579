import { createHash } from 'node:crypto';
import { expect, it } from 'vitest';
import { control } from '../../support/control.js';
import { expectError, fingerprint } from '../../support/expect.js';
import type { Client } from '../../support/transports.js';
import { forEachTransport } from '../../support/transports.js';
import { call, fails, inlineText, POLICY, pathOf, refused } from './helpers.js';

const UPLOAD = '/v2/memory/knowledge/upload-url';
const INGEST = '/v2/memory/knowledge/ingest';
const LIMITED = 'Rate limit exceeded. Try again after 1 minute.';

async function slotFor(c: Client, data: Record<string, unknown> = {}) {
  return call(c, UPLOAD, { mimeType: 'text/plain', fileSize: Buffer.byteLength(POLICY), fileName: 'policy.md', ...data });
}

const put = (c: Client, url: string, body: string, type = 'text/plain') => c.raw({ method: 'PUT', path: pathOf(url), headers: { 'content-type': type }, body });

forEachTransport('knowledge upload URLs and their storage target (beyond-spec-4 4.3.4)', (fresh) => {
  it('mints a 15-minute slot on the emulator’s own storage route, reachable through the transport that asked', async () => {
    const c = fresh();
    const slot = await slotFor(c, { organizationId: 'acme', documentId: 'home' });
    expect(Object.keys(slot)).toEqual(['uploadUrl', 'fileRef', 'expiresAt']);
    const token = slot.uploadUrl.split('/').at(-1);
    const keyHash = createHash('md5').update(c.service.credentials.apiKey).digest('hex').slice(0, 12);
    expect(slot.fileRef).toBe(`gs://emulator-knowledge/${keyHash}/${token}/original`);
    expect(slot.expiresAt).toBe(c.service.clock.now() + 900_000);
    const stored = await put(c, slot.uploadUrl, POLICY);
    expect({ status: stored.status, body: stored.body }).toEqual({ status: 200, body: { token, bytes: Buffer.byteLength(POLICY) } });
  });

  it('refuses a different content type or an expired URL with 403, an unknown token with 404, more than 30 MB with 413', async () => {
    const c = fresh();
    const slot = await slotFor(c);
    expectError(await put(c, slot.uploadUrl, POLICY, 'text/csv'), 403, 'PERMISSION_DENIED', 'This upload URL takes Content-Type text/plain, not text/csv.');
    expectError(await put(c, `${slot.uploadUrl}x`, POLICY), 404, 'NOT_FOUND', /^No upload URL has the token /);
    const big = await c.raw({ method: 'PUT', path: pathOf(slot.uploadUrl), headers: { 'content-type': 'text/plain' }, body: 'a'.repeat(31_457_281) });
    expectError(big, 413, 'INVALID_ARGUMENT', 'Request body is larger than 31457280 bytes (30 MiB).');
    c.service.clock.advance(900_001);
    expectError(await put(c, slot.uploadUrl, POLICY), 403, 'PERMISSION_DENIED', 'This upload URL expired at 2026-01-01T00:15:00.000Z; mint a new one.');
  });

  it('validates strictly, with details.issues, and changes nothing on refusal', async () => {
    const c = fresh();
    await refused(c, UPLOAD, { mimeType: 'text/plain', fileSize: 1, extra: true }, "Unrecognized key(s) in object: 'extra'", {
      code: 'unrecognized_keys',
      path: [],
    });
    await refused(
      c,
      UPLOAD,
      { mimeType: 'image/png', fileSize: 1 },
      'mimeType must be one of application/pdf, text/csv, application/vnd.openxmlformats-officedocument.spreadsheetml.sheet, text/plain.',
      { code: 'invalid_enum_value', path: ['mimeType'] },
    );
    await refused(c, UPLOAD, { mimeType: 'text/plain' }, 'fileSize is required.', { code: 'invalid_type', path: ['fileSize'] });
    await refused(c, UPLOAD, { mimeType: 'text/plain', fileSize: 0 }, 'fileSize must be at least 1 byte.', { code: 'too_small', path: ['fileSize'] });
    await refused(c, UPLOAD, { mimeType: 'text/plain', fileSize: 31_457_281 }, 'fileSize must be at most 31457280 bytes (30 MB).', {
      code: 'too_big',
      path: ['fileSize'],
    });
    await refused(c, UPLOAD, { mimeType: 'text/plain', fileSize: 1, fileName: 'x'.repeat(256) }, 'fileName must be 1 to 255 characters long.', {
      code: 'too_big',
      path: ['fileName'],
    });
    await refused(c, UPLOAD, { mimeType: 'text/plain', fileSize: 1, documentId: 'home' }, 'documentId requires organizationId.', {
      code: 'custom',
      path: ['documentId'],
    });
  });

  it('holds at most 50 un-ingested slots (expired ones included); ingesting one frees it', async () => {
    const c = fresh();
    const slots = [];
    for (let i = 0; i < 50; i++) slots.push(await slotFor(c));
    c.service.clock.advance(3_600_000);
    await fails(c, UPLOAD, { mimeType: 'text/plain', fileSize: 10 }, 429, 'RESOURCE_EXHAUSTED', 'Too many outstanding upload URLs (50).');
    const fresher = slots[0];
    c.service.clock.set(fresher.expiresAt - 1);
    expect((await put(c, fresher.uploadUrl, POLICY)).status).toBe(200);
    c.service.clock.advance(3_600_000);
    await call(c, INGEST, { source: 'fileRef', fileRef: fresher.fileRef, mimeType: 'text/plain' });
    expect((await slotFor(c)).fileRef).toMatch(/^gs:\/\//);
  });

  it('limits upload URLs per rolling minute on the service clock (100 by default, configurable, 0 lifts it)', async () => {
    const c = fresh();
    await control(c, 'POST', '/__mock/memory/knowledge/config', { rateLimits: { uploadUrl: 2 } });
    await slotFor(c);
    c.service.clock.advance(30_000);
    await slotFor(c);
    await fails(c, UPLOAD, { mimeType: 'text/plain', fileSize: 1 }, 429, 'RESOURCE_EXHAUSTED', LIMITED);
    c.service.clock.advance(30_001);
    await slotFor(c);
    await control(c, 'POST', '/__mock/memory/knowledge/config', { rateLimits: { uploadUrl: 0 } });
    for (let i = 0; i < 3; i++) await slotFor(c);
  });
});

forEachTransport('ingest knowledge (beyond-spec-4 4.3.5)', (fresh) => {
  it('enqueues an inline file and answers the documented literal', async () => {
    const c = fresh();
    const reply = await call(c, INGEST, { ...inlineText('policy.md', POLICY), organizationId: 'acme', documentId: 'home' });
    expect(reply).toEqual({ status: 'processing', sourceId: expect.stringMatching(/^src_[0-9a-f]{8}$/), message: 'Knowledge ingestion task enqueued.' });
    const [listed] = await call(c, '/v2/memory/knowledge/list');
    expect(listed).toMatchObject({
      id: reply.sourceId,
      sourceType: 'upload',
      fileName: 'policy.md',
      uploadedAt: c.service.clock.now(),
      organizationId: 'acme',
      documentId: 'home',
      embeddingStatus: 'processing',
      mimeType: 'text/plain',
      sha256: createHash('sha256').update(POLICY).digest('hex'),
    });
  });

  it('checks the bytes against the declared type and the 5 MB inline limit', async () => {
    const c = fresh();
    const file = (base64: string, mimeType: string, fileSize = 10) => ({ source: 'inline', file: { base64, mimeType, fileName: 'f', fileSize } });
    const text = Buffer.from('plain words').toString('base64');
    await refused(c, INGEST, file(text, 'application/pdf'), 'File content does not match mimeType application/pdf.', {
      code: 'custom',
      path: ['file', 'base64'],
    });
    await refused(
      c,
      INGEST,
      file(text, 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'),
      'File content does not match mimeType application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.',
      { code: 'custom', path: ['file', 'base64'] },
    );
    await refused(c, INGEST, file(Buffer.from([0x61, 0x00, 0x62]).toString('base64'), 'text/plain'), 'File content does not match mimeType text/plain.', {
      code: 'custom',
      path: ['file', 'base64'],
    });
    await refused(c, INGEST, file(Buffer.from([0xff, 0xfe, 0x41]).toString('base64'), 'text/csv'), 'File content does not match mimeType text/csv.', {
      code: 'custom',
      path: ['file', 'base64'],
    });
    await refused(c, INGEST, file('not base64!', 'text/plain'), 'file.base64 must be standard base64.', { code: 'custom', path: ['file', 'base64'] });
    await refused(c, INGEST, file(text, 'text/plain', 5_242_881), 'File exceeds the 5 MB inline limit.', { code: 'too_big', path: ['file', 'fileSize'] });
    await refused(c, INGEST, file(Buffer.alloc(5_242_881, 0x61).toString('base64'), 'text/plain'), 'File exceeds the 5 MB inline limit.', {
      code: 'custom',
      path: ['file', 'base64'],
    });
    expect((await call(c, INGEST, file(Buffer.from('%PDF-1.7 body').toString('base64'), 'application/pdf'))).status).toBe('processing');
    expect(
      (await call(c, INGEST, file(Buffer.from('PK\x03\x04rest').toString('base64'), 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')))
        .status,
    ).toBe('processing');
  });

  it('validates the body strictly as a union on source', async () => {
    const c = fresh();
    await refused(c, INGEST, {}, 'source is required.', { code: 'invalid_union_discriminator', path: ['source'] });
    await refused(c, INGEST, { source: 'url' }, 'source must be one of inline, fileRef.', { code: 'invalid_union_discriminator', path: ['source'] });
    await refused(c, INGEST, { ...inlineText('a', 'b'), fileRef: 'gs://x' }, "Unrecognized key(s) in object: 'fileRef'", {
      code: 'unrecognized_keys',
      path: [],
    });
    await refused(c, INGEST, { source: 'inline' }, 'file is required.', { code: 'invalid_type', path: ['file'] });
    await refused(
      c,
      INGEST,
      { source: 'fileRef', fileRef: 'https://example.test/f', mimeType: 'text/plain' },
      'fileRef must be a gs:// reference minted by /v2/memory/knowledge/upload-url.',
      { code: 'custom', path: ['fileRef'] },
    );
    await refused(c, INGEST, { ...inlineText('a', 'b'), documentId: 'home' }, 'documentId requires organizationId.', { code: 'custom', path: ['documentId'] });
  });

  it('ingests by fileRef once, in the slot’s scope and type, and refuses refs it cannot use', async () => {
    const c = fresh();
    const ref = (slot: { fileRef: string }, data: Record<string, unknown> = {}) => ({
      source: 'fileRef',
      fileRef: slot.fileRef,
      mimeType: 'text/plain',
      ...data,
    });
    const slot = await slotFor(c, { organizationId: 'acme' });
    await fails(c, INGEST, ref(slot), 400, 'FAILED_PRECONDITION', 'Upload URL expired or file not uploaded.');
    await put(c, slot.uploadUrl, POLICY);
    await fails(c, INGEST, ref(slot, { organizationId: 'globex' }), 403, 'PERMISSION_DENIED', 'fileRef does not belong to this workspace or scope.');
    await fails(
      c,
      INGEST,
      ref(slot, { mimeType: 'text/csv' }),
      400,
      'INVALID_ARGUMENT',
      'mimeType must be text/plain, the type the upload URL was minted for.',
    );
    const foreign = slot.fileRef.replace(/emulator-knowledge\/[0-9a-f]{12}/, 'emulator-knowledge/000000000000');
    await fails(c, INGEST, ref({ fileRef: foreign }), 403, 'PERMISSION_DENIED', 'fileRef does not belong to this workspace or scope.');
    await fails(
      c,
      INGEST,
      ref({ fileRef: slot.fileRef.replace(/\/[A-Za-z0-9]{32}\//, '/neverMinted/') }),
      400,
      'FAILED_PRECONDITION',
      'Upload URL expired or file not uploaded.',
    );
    const done = await call(c, INGEST, ref(slot));
    const [listed] = await call(c, '/v2/memory/knowledge/list');
    expect(listed).toMatchObject({ id: done.sourceId, fileName: 'policy.md', organizationId: 'acme' });
    await fails(c, INGEST, ref(slot), 400, 'FAILED_PRECONDITION', 'fileRef was already ingested.');
    expectError(await put(c, slot.uploadUrl, POLICY), 403, 'PERMISSION_DENIED', 'This upload URL was already ingested; mint a new one.');
    const pdf = await slotFor(c, { mimeType: 'application/pdf' });
    await put(c, pdf.uploadUrl, 'not a pdf', 'application/pdf');
    await refused(
      c,
      INGEST,
      { source: 'fileRef', fileRef: pdf.fileRef, mimeType: 'application/pdf' },
      'File content does not match mimeType application/pdf.',
      { code: 'custom', path: ['fileRef'] },
    );
  });

  it('refuses a ref of another key of the workspace', async () => {
    const c = fresh();
    const slot = await slotFor(c);
    await put(c, slot.uploadUrl, POLICY);
    const key = (await c.postWorkspace('/v2/workspace/apikey/create', { ownerEmail: 'owner@collab-service.test', type: 'testing', createAuthToken: true })).body
      .result.data;
    const before = fingerprint(c.service);
    const other = await c.post(
      INGEST,
      { source: 'fileRef', fileRef: slot.fileRef, mimeType: 'text/plain' },
      { 'x-service-api-key': key.apiKey, 'x-service-auth-token': key.authToken },
    );
    expectError(other, 403, 'PERMISSION_DENIED', 'fileRef does not belong to this workspace or scope.');
    expect(fingerprint(c.service)).toBe(before);
  });

  it('allows 30 ingests per rolling minute by default; refusals do not count', async () => {
    const c = fresh();
    await refused(c, INGEST, {}, 'source is required.');
    for (let i = 0; i < 30; i++) await call(c, INGEST, inlineText(`f${i}.txt`, `text ${i}`));
    await fails(c, INGEST, inlineText('late.txt', 'late'), 429, 'RESOURCE_EXHAUSTED', LIMITED);
    c.service.clock.advance(60_000);
    expect((await call(c, INGEST, inlineText('later.txt', 'later'))).status).toBe('processing');
  });
});
