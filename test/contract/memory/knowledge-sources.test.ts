import { createHash } from 'node:crypto';
import { expect, it } from 'vitest';
import { control } from '../../support/control.js';
import { expectError } from '../../support/expect.js';
import type { Client } from '../../support/transports.js';
import { forEachTransport } from '../../support/transports.js';
import { b64, call, fails, inlineText, POLICY, pathOf, refused } from './helpers.js';

const STATUS = '/v2/memory/knowledge/ingest-status';
const INGEST = '/v2/memory/knowledge/ingest';
const LIST = '/v2/memory/knowledge/list';
const DOWNLOAD = '/v2/memory/knowledge/download';
const RULES = '/v2/memory/knowledge/rules';
const UPDATE = '/v2/memory/knowledge/update';
const DELETE = '/v2/memory/knowledge/delete';

const PROSE = 'Our audience is enterprise buyers.\r\nThey read on phones.   \n\nKeep the tone calm.\n\n\n';

const configure = (c: Client, body: Record<string, unknown>) => control(c, 'POST', '/__mock/memory/knowledge/config', body);
const ingest = async (c: Client, fileName: string, text: string, mimeType = 'text/plain'): Promise<string> =>
  (await call(c, INGEST, inlineText(fileName, text, mimeType))).sourceId;

forEachTransport('knowledge ingestion status and progression (beyond-spec-4 4.3.0 C, 4.3.6)', (fresh) => {
  it('advances one state per status poll by default: processing, then completed with counts and fresh signed URLs', async () => {
    const c = fresh();
    const id = await ingest(c, 'policy.md', POLICY);
    const t0 = c.service.clock.now();
    c.service.clock.advance(500);
    expect(await call(c, STATUS, { sourceId: id })).toEqual({ status: 'processing', sourceId: id, startedAt: t0, updatedAt: t0, mimeType: 'text/plain' });
    const done = await call(c, STATUS, { sourceId: id });
    expect(Object.keys(done)).toEqual([
      'status',
      'sourceId',
      'startedAt',
      'updatedAt',
      'mimeType',
      'extractedRulesCount',
      'chunkCount',
      'originalDownloadUrl',
      'canonicalMdDownloadUrl',
    ]);
    expect(done).toMatchObject({ status: 'completed', startedAt: t0, updatedAt: t0 + 500, extractedRulesCount: 4, chunkCount: 0 });
    expect(done.originalDownloadUrl).toMatch(new RegExp(`/__mock/storage/knowledge/${id}/original\\?expires=${t0 + 500 + 900_000}&sig=[0-9a-f]{64}$`));
    const original = await c.raw({ method: 'GET', path: pathOf(done.originalDownloadUrl), headers: {}, body: '' });
    expect({ status: original.status, type: original.headers['content-type'], text: original.text }).toEqual({ status: 200, type: 'text/plain', text: POLICY });
  });

  it('fails with the reason set by failNext, once; list, download and rules never advance it', async () => {
    const c = fresh();
    await configure(c, { failNext: 'embedding-failed' });
    const failing = await ingest(c, 'a.md', POLICY);
    expect(await call(c, DOWNLOAD, { sourceId: failing })).toBeNull();
    expect(await call(c, RULES, { sourceId: failing })).toEqual([]);
    expect((await call(c, LIST))[0].embeddingStatus).toBe('processing');
    await call(c, STATUS, { sourceId: failing });
    expect(await call(c, STATUS, { sourceId: failing })).toEqual({
      status: 'failed',
      sourceId: failing,
      startedAt: c.service.clock.now(),
      updatedAt: c.service.clock.now(),
      mimeType: 'text/plain',
      failureReason: 'embedding-failed',
    });
    const next = await ingest(c, 'b.md', `${POLICY}\n`);
    await call(c, STATUS, { sourceId: next });
    expect((await call(c, STATUS, { sourceId: next })).status).toBe('completed');
  });

  it('completes at once in immediate progression, on the clock in clock progression, and on request in manual progression', async () => {
    const c = fresh();
    await configure(c, { progression: 'immediate' });
    expect((await call(c, STATUS, { sourceId: await ingest(c, 'a.txt', 'alpha') })).status).toBe('completed');
    await configure(c, { progression: 'clock', ingestMs: 2000 });
    const timed = await ingest(c, 'b.txt', 'beta');
    expect((await call(c, STATUS, { sourceId: timed })).status).toBe('processing');
    c.service.clock.advance(2000);
    expect(await call(c, STATUS, { sourceId: timed })).toMatchObject({ status: 'completed', updatedAt: c.service.clock.now() });
    await configure(c, { progression: 'manual' });
    const held = await ingest(c, 'c.txt', 'gamma');
    for (let i = 0; i < 3; i++) expect((await call(c, STATUS, { sourceId: held })).status).toBe('processing');
    const done = await control(c, 'POST', '/__mock/memory/knowledge/complete', { sourceId: held, failureReason: 'pdf-llm-conversion-failed' });
    expect(done.body).toEqual({ sourceId: held, status: 'failed' });
    expect((await call(c, STATUS, { sourceId: held })).failureReason).toBe('pdf-llm-conversion-failed');
  });

  it('answers NOT_FOUND for an unknown id or another key’s, refuses unknown keys, and limits polls to 600 a minute', async () => {
    const c = fresh();
    await fails(c, STATUS, { sourceId: 'src_00000000' }, 404, 'NOT_FOUND', 'Knowledge source not found: src_00000000');
    await refused(c, STATUS, { sourceId: 'src_00000000', verbose: true }, "Unrecognized key(s) in object: 'verbose'", { code: 'unrecognized_keys', path: [] });
    await refused(c, STATUS, {}, 'sourceId is required.', { code: 'invalid_type', path: ['sourceId'] });
    const id = await ingest(c, 'a.txt', 'alpha');
    const key = (await c.postWorkspace('/v2/workspace/apikey/create', { ownerEmail: 'owner@collab-service.test', type: 'testing', createAuthToken: true })).body
      .result.data;
    expectError(
      await c.post(STATUS, { sourceId: id }, { 'x-service-api-key': key.apiKey, 'x-service-auth-token': key.authToken }),
      404,
      'NOT_FOUND',
      `Knowledge source not found: ${id}`,
    );
    await configure(c, { rateLimits: { ingestStatus: 2 } });
    await call(c, STATUS, { sourceId: id });
    await call(c, STATUS, { sourceId: id });
    await fails(c, STATUS, { sourceId: id }, 429, 'RESOURCE_EXHAUSTED', 'Rate limit exceeded. Try again after 1 minute.');
  });
});

forEachTransport('knowledge sources: conversion, list, download, rules, de-duplication (beyond-spec-4 4.3.7–4.3.9)', (fresh) => {
  it('converts text to canonical markdown and splits prose into chunks', async () => {
    const c = fresh();
    await configure(c, { progression: 'immediate' });
    const id = await ingest(c, 'brief.txt', PROSE);
    expect(await call(c, DOWNLOAD, { sourceId: id })).toBe('Our audience is enterprise buyers.\nThey read on phones.\n\nKeep the tone calm.\n');
    expect(await call(c, RULES, { sourceId: id })).toEqual([]);
    expect((await call(c, LIST))[0]).toMatchObject({ ruleCount: 0, chunkCount: 1 });
  });

  it('converts CSV into a markdown table and extracts its directive rows as rules under their Category cell', async () => {
    const c = fresh();
    await configure(c, { progression: 'immediate' });
    const csv =
      'Category,Rule\r\nImages,"All images must be WEBP, max width 1200px"\r\nLinks,Links must open in the same tab\r\nCopy,"Never use ""free"" in a headline"\r\nCopy,Headlines | subheads\n';
    const id = await ingest(c, 'checklist.csv', csv, 'text/csv');
    expect(await call(c, DOWNLOAD, { sourceId: id })).toBe(
      '# checklist.csv\n\n| Category | Rule |\n| --- | --- |\n| Images | All images must be WEBP, max width 1200px |\n| Links | Links must open in the same tab |\n| Copy | Never use "free" in a headline |\n| Copy | Headlines \\| subheads |\n',
    );
    const rules = await call(c, RULES, { sourceId: id });
    expect(rules.map((r: { content: string; category: string; index: number }) => [r.content, r.category, r.index])).toEqual([
      ['Images — All images must be WEBP, max width 1200px', 'Images', 0],
      ['Links — Links must open in the same tab', 'Links', 1],
      ['Copy — Never use "free" in a headline', 'Copy', 2],
    ]);
    expect(rules[0].id).toBe(`rule_${createHash('md5').update(`${id}\n${rules[0].content}`).digest('hex').slice(0, 12)}`);
  });

  it('keeps a PDF opaque unless its markdown is registered (by sha256, else by file name)', async () => {
    const c = fresh();
    await configure(c, { progression: 'immediate' });
    const pdf = '%PDF-1.7 binary';
    const opaque = (
      await call(c, INGEST, { source: 'inline', file: { base64: b64(pdf), mimeType: 'application/pdf', fileName: 'brand.pdf', fileSize: pdf.length } })
    ).sourceId;
    expect(await call(c, DOWNLOAD, { sourceId: opaque })).toBe('# brand.pdf\n\n(opaque application/pdf source, 15 bytes)\n');
    expect((await call(c, LIST))[0]).toMatchObject({ ruleCount: 0, chunkCount: 0, metadata: { usedRawFallback: true } });
    expect((await call(c, STATUS, { sourceId: opaque })).metadata).toEqual({ usedRawFallback: true });
    const registered = await control(c, 'POST', '/__mock/memory/knowledge/conversions', { conversions: [{ fileName: 'rules.pdf', markdown: POLICY }] });
    expect(registered.body).toEqual({ registered: 1 });
    const other = '%PDF-1.7 other';
    const converted = (
      await call(c, INGEST, { source: 'inline', file: { base64: b64(other), mimeType: 'application/pdf', fileName: 'rules.pdf', fileSize: other.length } })
    ).sourceId;
    expect(await call(c, DOWNLOAD, { sourceId: converted })).toBe(POLICY);
    expect((await call(c, RULES, { sourceId: converted })).map((r: { category: string }) => r.category)).toEqual([
      'Medical claims',
      'Medical claims',
      'Medical claims',
      'Tone',
    ]);
  });

  it('lists the 100 newest sources, newest first, never with their markdown', async () => {
    const c = fresh();
    await configure(c, { progression: 'immediate', rateLimits: { ingest: 0 } });
    for (let i = 0; i < 101; i++) {
      await ingest(c, `f${i}.txt`, `text number ${i}`);
      c.service.clock.advance(1);
    }
    const listed = await call(c, LIST);
    expect(listed).toHaveLength(100);
    expect(listed[0].fileName).toBe('f100.txt');
    expect(listed[99].fileName).toBe('f1.txt');
    expect(Object.keys(listed[0])).toEqual([
      'id',
      'sourceType',
      'fileName',
      'uploadedAt',
      'ruleCount',
      'chunkCount',
      'version',
      'embeddingStatus',
      'mimeType',
      'sha256',
      'originalDownloadUrl',
      'canonicalMdDownloadUrl',
    ]);
    expect((await call(c, '/v2/memory/stats/get')).totalKnowledgeSources).toBe(101);
  });

  it('answers null for a download it cannot serve, and NOT_FOUND for the rules of an unknown source', async () => {
    const c = fresh();
    expect(await call(c, DOWNLOAD, { sourceId: 'src_00000000' })).toBeNull();
    await refused(c, DOWNLOAD, {}, 'sourceId is required.', { code: 'invalid_type', path: ['sourceId'] });
    await fails(c, RULES, { sourceId: 'src_00000000' }, 404, 'NOT_FOUND', 'Knowledge source not found: src_00000000');
  });

  it('makes a duplicate of the same bytes mirror its winner, and refuses to delete a winner with dependents', async () => {
    const c = fresh();
    const winner = await ingest(c, 'policy.md', POLICY);
    const copy = await ingest(c, 'policy-copy.md', POLICY);
    const status = await call(c, STATUS, { sourceId: copy });
    expect(status).toMatchObject({ status: 'processing', sourceId: copy, dedupOf: winner });
    expect((await call(c, STATUS, { sourceId: copy })).status).toBe('completed');
    const mirrored = await call(c, STATUS, { sourceId: copy });
    expect(mirrored).toMatchObject({ status: 'completed', dedupOf: winner, extractedRulesCount: 4, chunkCount: 0 });
    expect(mirrored.canonicalMdDownloadUrl).toContain(`/knowledge/${winner}/canonical`);
    expect(await call(c, DOWNLOAD, { sourceId: copy })).toBe(POLICY);
    expect(await call(c, RULES, { sourceId: copy })).toEqual(await call(c, RULES, { sourceId: winner }));
    const third = await ingest(c, 'again.md', POLICY);
    expect((await call(c, LIST)).find((s: { id: string }) => s.id === third)).toMatchObject({ dedupOf: winner, embeddingStatus: 'completed', ruleCount: 4 });
    const refusal = await fails(c, DELETE, { sourceId: winner }, 409, 'ABORTED', 'Knowledge source has dependent duplicates.');
    expect(refusal.body.error.details).toEqual({ dependentCount: 2 });
    expect(await call(c, DELETE, { sourceId: copy })).toEqual({ status: 'deleted', sourceId: copy, deletedChunks: 0, deletedRules: 0 });
  });
});

forEachTransport('knowledge update and delete (beyond-spec-4 4.3.11, 4.3.12)', (fresh) => {
  it('replaces a rule-based source’s markdown, re-extracts its rules, diffs them and bumps the version', async () => {
    const c = fresh();
    await configure(c, { progression: 'immediate' });
    const id = await ingest(c, 'policy.md', POLICY);
    const before = await call(c, RULES, { sourceId: id });
    c.service.clock.advance(72 * 3600 * 1000);
    const next = POLICY.replace('- Avoid promising cures.\n', '- Never promise a cure.\n- Always show the price.\n');
    expect(await call(c, UPDATE, { sourceId: id, newContent: next })).toEqual({
      diff: { added: ['Never promise a cure.', 'Always show the price.'], removed: ['Avoid promising cures.'], unchanged: 3 },
      newVersion: 2,
    });
    const after = await call(c, RULES, { sourceId: id });
    expect(after[0].id).toBe(before[0].id);
    expect(after).toHaveLength(5);
    expect(await call(c, DOWNLOAD, { sourceId: id })).toBe(next);
    expect((await call(c, LIST))[0]).toMatchObject({ version: 2, ruleCount: 5 });
    const judged = { content: 'Ad: "cures acne"', reasoning: 'Cure claim', decision: 'rejected' };
    await control(c, 'POST', '/__mock/memory/judgments', { judgments: [1, 2].map((u) => ({ ...judged, actionUser: { userId: `u${u}` } })) });
    expect((await call(c, '/v2/memory/suggest', { query: 'cures acne' })).primary.caveats).toEqual(['A knowledge source was updated in the last 48 hours']);
  });

  it('refuses an update of a prose, processing, duplicate or unknown source, and missing fields', async () => {
    const c = fresh();
    const processing = await ingest(c, 'policy.md', POLICY);
    await fails(c, UPDATE, { sourceId: processing, newContent: '- Never x' }, 400, 'FAILED_PRECONDITION', 'Knowledge source is still processing.');
    await configure(c, { progression: 'immediate' });
    const prose = await ingest(c, 'brief.txt', PROSE);
    await fails(
      c,
      UPDATE,
      { sourceId: prose, newContent: '- Never x' },
      400,
      'FAILED_PRECONDITION',
      'Version diff is only supported for rule-based knowledge sources.',
    );
    const copy = await ingest(c, 'copy.md', POLICY);
    await fails(
      c,
      UPDATE,
      { sourceId: copy, newContent: '- Never x' },
      400,
      'FAILED_PRECONDITION',
      'Version diff is only supported for rule-based knowledge sources.',
    );
    await fails(c, UPDATE, { sourceId: 'src_00000000', newContent: '- Never x' }, 404, 'NOT_FOUND', 'Knowledge source not found: src_00000000');
    await refused(c, UPDATE, { sourceId: prose }, 'newContent is required.', { code: 'invalid_type', path: ['newContent'] });
    await refused(c, UPDATE, { sourceId: prose, newContent: ' ' }, 'newContent is required.', { code: 'custom', path: ['newContent'] });
  });

  it('deletes a source with its rules and chunks; its signed URLs stop working', async () => {
    const c = fresh();
    await configure(c, { progression: 'immediate' });
    const rules = await ingest(c, 'policy.md', POLICY);
    const prose = await ingest(c, 'brief.txt', PROSE);
    const url = (await call(c, STATUS, { sourceId: rules })).canonicalMdDownloadUrl;
    expect(await call(c, DELETE, { sourceId: rules })).toEqual({ status: 'deleted', sourceId: rules, deletedChunks: 0, deletedRules: 4 });
    expect(await call(c, DELETE, { sourceId: prose })).toEqual({ status: 'deleted', sourceId: prose, deletedChunks: 1, deletedRules: 0 });
    expectError(
      await c.raw({ method: 'GET', path: pathOf(url), headers: {}, body: '' }),
      404,
      'NOT_FOUND',
      `Knowledge source ${rules} is gone or has no file to serve.`,
    );
    expect(await call(c, LIST)).toEqual([]);
    await fails(c, DELETE, { sourceId: rules }, 404, 'NOT_FOUND', `Knowledge source not found: ${rules}`);
  });

  it('refuses to delete a processing source (or a duplicate of one) with ABORTED, unknown keys, and over 30 a minute', async () => {
    const c = fresh();
    const processing = await ingest(c, 'policy.md', POLICY);
    const copy = await ingest(c, 'copy.md', POLICY);
    await fails(c, DELETE, { sourceId: processing }, 409, 'ABORTED', 'Knowledge source is still processing.');
    await fails(c, DELETE, { sourceId: copy }, 409, 'ABORTED', 'Knowledge source is still processing.');
    await refused(c, DELETE, { sourceId: copy, force: true }, "Unrecognized key(s) in object: 'force'", { code: 'unrecognized_keys', path: [] });
    await configure(c, { progression: 'immediate', rateLimits: { delete: 1 } });
    const a = await ingest(c, 'a.txt', 'alpha');
    const b = await ingest(c, 'b.txt', 'beta');
    await call(c, DELETE, { sourceId: a });
    await fails(c, DELETE, { sourceId: b }, 429, 'RESOURCE_EXHAUSTED', 'Rate limit exceeded. Try again after 1 minute.');
  });

  it('serves signed URLs until they expire, and only with the right signature', async () => {
    const c = fresh();
    await configure(c, { progression: 'immediate' });
    const id = await ingest(c, 'policy.md', POLICY);
    const url: string = (await call(c, STATUS, { sourceId: id })).canonicalMdDownloadUrl;
    const get = (u: string) => c.raw({ method: 'GET', path: pathOf(u), headers: {}, body: '' });
    expectError(
      await get(url.replace(/sig=[0-9a-f]/, 'sig=x')),
      403,
      'PERMISSION_DENIED',
      'This download URL is not signed by the service; read a fresh one from ingest-status or list.',
    );
    c.service.clock.advance(900_000);
    expect((await get(url)).status).toBe(200);
    c.service.clock.advance(1);
    expectError(await get(url), 403, 'PERMISSION_DENIED', /^This download URL expired at /);
  });
});
