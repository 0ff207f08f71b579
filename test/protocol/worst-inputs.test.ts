import { describe, expect, it } from 'vitest';
import { type GlobSteps, MAX_GLOB_LENGTH, pathMatcher } from '../../src/harness/glob.js';
import { normaliseText } from '../../src/model/knowledge/convert.js';
import { extractFromText } from '../../src/model/knowledge/rules.js';
import { createRng } from '../../src/support/rng.js';
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

describe('knowledge text: headings, separators and line ends', () => {
  // What the patterns meant before they were made linear: the reference for every short line.
  const HEADING = /^\s{0,3}(#{1,6})\s+(.*?)\s*#*\s*$/;
  const SEPARATOR = /^\s*(?:\|?\s*:?-{3,}:?\s*(?:\|\s*:?-{3,}:?\s*)*\|?|(?:[-*_]\s*){3,})\s*$/;
  const reference = (text: string) => {
    const rules: { content: string; category: string | null }[] = [];
    let lines = 0;
    let category: string | null = null;
    for (const line of text.split('\n')) {
      if (line.trim() === '') continue;
      const heading = HEADING.exec(line);
      if (heading) {
        category = heading[2] === '' ? null : (heading[2] as string);
        continue;
      }
      if (SEPARATOR.test(line)) continue;
      lines++;
      const content = line.replace(/^\s*(?:(?:[-*+]|\d+[.)])\s+(?:\[[ xX]\]\s+)?|\[[ xX]\]\s+)/, '');
      if (content !== line && /\b(must|never)\b/i.test(content)) rules.push({ content: content.trim(), category });
    }
    return { rules, lines };
  };

  it('reads every short line as before', () => {
    const rng = createRng(5);
    const alphabet = ['#', ' ', '-', '|', ':', 'a', '*', '_', '\t', 'x'];
    for (let n = 0; n < 20_000; n++) {
      const line = Array.from({ length: 1 + Math.floor(rng.next() * 12) }, () => alphabet[Math.floor(rng.next() * alphabet.length)]).join('');
      const text = `${line}\n- must x\n`;
      expect(extractFromText(text), JSON.stringify(line)).toEqual(reference(text));
    }
  });

  it('takes one pass over lines of 300,000 characters of white space and markers', () => {
    const run = ' '.repeat(300_000);
    expect(normaliseText(`a${run}\tb${run}\n`)).toBe(`a${run}\tb\n`);
    const text = [`# A${run}b ##`, `---${run}x`, `${run}|---${run}x`, `- Never${run}stop`].join('\n');
    const { rules, lines } = extractFromText(text);
    expect(lines).toBe(3);
    expect(rules).toEqual([{ content: `Never${run}stop`, category: `A${run}b` }]);
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
    // 8,000 slashes: msw 3 refuses to match URLs over 8,192 characters before any handler sees them.
    const state = await c.raw({ method: 'GET', path: `/__mock/state${'/'.repeat(8_000)}x`, headers: {}, body: '' });
    expectError(state, 404, 'NOT_FOUND', /^Unknown control path/);
  });
});
