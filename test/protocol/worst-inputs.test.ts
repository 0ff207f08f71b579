import { describe, expect, it } from 'vitest';
import { type GlobSteps, MAX_GLOB_LENGTH, pathMatcher } from '../../src/harness/glob.js';
import { expectError, expectSuccess } from '../support/expect.js';
import { forEachTransport } from '../support/transports.js';

/** The glob that makes a backtracking matcher try every split: many wildcards, each before the same character. */
const WORST_GLOB = `/${'**a'.repeat(84)}`;
/** The same, failing only at its last character. */
const WORST_MISS = `${WORST_GLOB}b`;
const WORST_PATH = `/${'a'.repeat(15_000)}`;

describe('globs of fault rules and journal filters', () => {
  it('match in one step per path character per 32 pattern characters, on the worst pattern and path', () => {
    expect(WORST_GLOB.length).toBeLessThanOrEqual(MAX_GLOB_LENGTH);
    const counter: GlobSteps = { steps: 0 };
    const words = Math.ceil((WORST_GLOB.length + 1) / 32);
    expect(pathMatcher(WORST_MISS, counter)(WORST_PATH)).toBe(false);
    expect(counter.steps).toBeLessThanOrEqual(WORST_PATH.length * words);
    counter.steps = 0;
    expect(pathMatcher(WORST_GLOB, counter)(WORST_PATH)).toBe(true);
    expect(counter.steps).toBeLessThanOrEqual(WORST_PATH.length * words);
  });

  it('keep their meaning: * within a segment, ** across', () => {
    expect(pathMatcher('/v2/users/*')('/v2/users/get')).toBe(true);
    expect(pathMatcher('/v2/users/*')('/v2/users/data/get')).toBe(false);
    expect(pathMatcher('/v2/**')('/v2/users/data/get')).toBe(true);
    expect(pathMatcher('/v2/**/get')('/v2/users/data/get')).toBe(true);
    expect(pathMatcher('/v*/users/get')('/v2/users/get')).toBe(true);
    expect(pathMatcher('/v*/users/get')('/v2/x/users/get')).toBe(false);
  });
});

forEachTransport('worst inputs on the request path', (fresh) => {
  it('a fault rule and a journal filter with the worst glob answer, and longer globs are refused', async () => {
    const c = fresh();
    const rule = await c.raw({
      method: 'POST',
      path: '/__mock/faults',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ path: WORST_MISS, status: 'UNAVAILABLE' }),
    });
    expect(rule.status).toBe(200);
    const long = await c.post(`/v2/${'a'.repeat(8000)}`, {});
    expectError(long, 404, 'NOT_FOUND', /^Unknown path/);
    const listed = await c.raw({ method: 'GET', path: `/__mock/requests?path=${encodeURIComponent(WORST_GLOB)}`, headers: {}, body: '' });
    expect(listed.status).toBe(200);
    const tooLong = `/${'*'.repeat(MAX_GLOB_LENGTH)}`;
    expectError(
      await c.raw({ method: 'GET', path: `/__mock/requests?path=${encodeURIComponent(tooLong)}`, headers: {}, body: '' }),
      400,
      'INVALID_ARGUMENT',
      `The path filter must be at most 256 characters, got ${tooLong.length}.`,
    );
    const refused = await c.raw({
      method: 'POST',
      path: '/__mock/faults',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ path: tooLong, status: 'UNAVAILABLE' }),
    });
    expectError(refused, 400, 'INVALID_ARGUMENT', /path must be at most 256 characters/);
  });

  it('XML nested past 64 levels is refused where the parser stops, and 64 levels are kept', async () => {
    const c = fresh();
    const before = c.service.exportState();
    for (const depth of [65, 3000, 100_000]) {
      const data = `${'<a>'.repeat(depth)}x${'</a>'.repeat(depth)}`;
      const reply = await c.post('/v2/crdt/add', { organizationId: 'org', documentId: 'doc', editorId: 'e', type: 'xml', data });
      // The parser stops at the 65th opening tag: column 195 of a line of any length.
      expectError(reply, 400, 'INVALID_ARGUMENT', 'Data must be valid XML for type xml. Line 1, column 195: elements nest deeper than 64 levels.');
    }
    expect(c.service.exportState()).toBe(before);
    const deepest = `${'<a>'.repeat(64)}x${'</a>'.repeat(64)}`;
    expectSuccess(await c.post('/v2/crdt/add', { organizationId: 'org', documentId: 'doc', editorId: 'e', type: 'xml', data: deepest }));
    const got = expectSuccess(await c.post('/v2/crdt/get', { organizationId: 'org', documentId: 'doc', editorId: 'e' }));
    expect(got.data[0].data).toBe(deepest);
  });

  it('a document a live client nested 20,000 levels deep reads back', async () => {
    const c = fresh();
    expectSuccess(await c.post('/v2/crdt/add', { organizationId: 'org', documentId: 'doc', editorId: 'e', type: 'xml', data: '<p>x</p>' }));
    const Y = await import('yjs');
    const doc = c.service.crdt.doc({ organizationId: 'org', documentId: 'doc', editorId: 'e' }) as import('yjs').Doc;
    // Each level joins a parent already in the document, as a sync client's edits do: no integration recursion.
    doc.transact(() => {
      let parent: import('yjs').XmlElement | import('yjs').XmlFragment = doc.getXmlFragment('content');
      for (let i = 0; i < 20_000; i++) {
        const child = new Y.XmlElement('a');
        parent.insert(parent.length, [child]);
        parent = child;
      }
    });
    const got = expectSuccess(await c.post('/v2/crdt/get', { organizationId: 'org', documentId: 'doc', editorId: 'e' }));
    expect(got.data[0].data).toBe(`<p>x</p>${'<a>'.repeat(20_000)}${'</a>'.repeat(20_000)}`);
  });

  it('runs of slashes in domains, page URLs and paths cost one pass', async () => {
    const c = fresh();
    const domain = `example.com${'/'.repeat(300_000)}\n`;
    expectSuccess(await c.post('/v2/workspace/domains/add', { domains: [domain] }));
    const domains = expectSuccess(await c.post('/v2/workspace/domains/get', {}));
    expect(JSON.stringify(domains.data)).toContain('"example.com"');
    const url = `https://app.example${'/'.repeat(300_000)}x`;
    expectSuccess(await c.post('/v2/commentannotations/get', { organizationId: 'org', documentId: 'doc', agentUrls: [url] }));
    const state = await c.raw({ method: 'GET', path: `/__mock/state${'/'.repeat(12_000)}x`, headers: {}, body: '' });
    expectError(state, 404, 'NOT_FOUND', /^Unknown control path/);
  });
});
