import { describe, expect, it } from 'vitest';
import { expectError, expectSuccess, fingerprint } from '../../support/expect.js';
import { namespaceOf } from '../../support/store.js';
import { type Client, forEachTransport } from '../../support/transports.js';

const at = { organizationId: 'org', documentId: 'doc' };
const note = { ...at, editorId: 'notes', type: 'text', data: 'Hello, collaborative world!' };

/** Asserts a refused call and that it changed nothing. */
async function refused(c: Client, path: string, data: unknown, http: number, status: string, message: string): Promise<void> {
  const before = fingerprint(c.service);
  expectError(await c.post(path, data), http, status, message);
  expect(fingerprint(c.service)).toBe(before);
}

forEachTransport('crdt', (fresh) => {
  it('adds, reads, updates and deletes each type', async () => {
    const c = fresh();
    const added = await c.post('/v2/crdt/add', note);
    expect(added.body).toEqual({ result: { status: 'success', message: 'CRDT data added successfully.' } });
    expectSuccess(await c.post('/v2/crdt/add', { ...at, editorId: 'flow', type: 'map', data: { nodes: { a: { x: 1 } }, edges: {} } }));
    expectSuccess(await c.post('/v2/crdt/add', { ...at, editorId: 'todos', type: 'array', data: [{ id: '1', text: 'Item 1' }] }));
    expectSuccess(
      await c.post('/v2/crdt/add', {
        ...at,
        editorId: 'rich',
        type: 'xml',
        contentKey: 'default',
        data: '<paragraph>Hi</paragraph><heading level="2">Title</heading>',
      }),
    );
    const all = expectSuccess(await c.post('/v2/crdt/get', at), 'CRDT data retrieved successfully.');
    const meta = { lastUpdate: '2026-01-01T00:00:00.000Z', lastUpdatedBy: 'rest-api', sessionId: null };
    expect(all.data).toEqual([
      { data: 'Hello, collaborative world!', id: 'notes', ...meta },
      { data: { nodes: { a: { x: 1 } }, edges: {} }, id: 'flow', ...meta },
      { data: [{ id: '1', text: 'Item 1' }], id: 'todos', ...meta },
      { data: '<paragraph>Hi</paragraph><heading level="2">Title</heading>', id: 'rich', ...meta },
    ]);

    c.service.clock.advance(60_000);
    const updated = await c.post('/v2/crdt/update', { ...note, data: 'Replaced' });
    expect(updated.body).toEqual({ result: { status: 'success', message: 'CRDT data updated successfully.' } });
    const one = expectSuccess(await c.post('/v2/crdt/get', { ...at, editorId: 'notes' }));
    expect(one.data).toEqual([{ data: 'Replaced', id: 'notes', lastUpdate: '2026-01-01T00:01:00.000Z', lastUpdatedBy: 'rest-api', sessionId: null }]);

    expect((await c.post('/v2/crdt/delete', { ...at, editorIds: ['notes', 'unknown'] })).body).toEqual({
      result: { status: 'success', message: 'CRDT data deleted successfully.' },
    });
    expect(expectSuccess(await c.post('/v2/crdt/get', at)).data.map((s: { id: string }) => s.id)).toEqual(['flow', 'todos', 'rich']);
    expectSuccess(await c.post('/v2/crdt/delete', at));
    expect(expectSuccess(await c.post('/v2/crdt/get', at)).data).toEqual([]);
  });

  it('answers [] for an unknown editor or document', async () => {
    const c = fresh();
    expectSuccess(await c.post('/v2/crdt/add', note));
    expect(expectSuccess(await c.post('/v2/crdt/get', { ...at, editorId: 'other' })).data).toEqual([]);
    expect(expectSuccess(await c.post('/v2/crdt/get', { ...at, documentId: 'other' })).data).toEqual([]);
  });

  it('creates the organization and document on add', async () => {
    const c = fresh();
    expectSuccess(await c.post('/v2/crdt/add', { ...note, organizationId: 'new-org', documentId: 'new-doc' }));
    const org = namespaceOf(c.service).organizations.get('new-org');
    expect(org?.documents.has('new-doc')).toBe(true);
  });

  it('returns the content key written last', async () => {
    const c = fresh();
    expectSuccess(await c.post('/v2/crdt/add', note));
    expectSuccess(await c.post('/v2/crdt/update', { ...note, type: 'xml', contentKey: 'default', data: '<p>x &amp; y</p>' }));
    expect(expectSuccess(await c.post('/v2/crdt/get', at)).data[0].data).toBe('<p>x &amp; y</p>');
    expectSuccess(await c.post('/v2/crdt/update', { ...note, data: 'back to text' }));
    expect(expectSuccess(await c.post('/v2/crdt/get', at)).data[0].data).toBe('back to text');
  });

  it('refuses update for an editor without data', async () => {
    const c = fresh();
    await refused(c, '/v2/crdt/update', note, 404, 'NOT_FOUND', 'No CRDT data found for this editor ID.');
  });

  it('refuses add for an editor that has data', async () => {
    const c = fresh();
    expectSuccess(await c.post('/v2/crdt/add', note));
    await refused(c, '/v2/crdt/add', note, 409, 'ALREADY_EXISTS', 'CRDT data already exists for this editor ID.');
  });

  it('refuses a content key that holds another type', async () => {
    const c = fresh();
    expectSuccess(await c.post('/v2/crdt/add', note));
    await refused(c, '/v2/crdt/update', { ...note, type: 'map', data: {} }, 400, 'INVALID_ARGUMENT', 'contentKey content already holds a text value.');
  });

  describe('validation, fields top to bottom', () => {
    const cases: Array<[string, Record<string, unknown>, string]> = [
      ['no organizationId', { ...note, organizationId: undefined }, 'Organization ID is required'],
      ['blank organizationId', { ...note, organizationId: ' ' }, 'Organization ID is required'],
      ['no documentId (and no editorId)', { ...note, documentId: undefined, editorId: undefined }, 'Document ID is required'],
      ['no editorId (and bad type)', { ...note, editorId: undefined, type: 'rich' }, 'Editor ID is required.'],
      ['unknown type', { ...note, type: 'rich' }, 'Type must be one of text, map, array, xml.'],
      ['no type', { ...note, type: undefined }, 'Type must be one of text, map, array, xml.'],
      ['no data', { ...note, data: undefined }, 'data is required.'],
      ['text with an object', { ...note, data: { a: 1 } }, 'Data must be a string for type text.'],
      ['xml with a number', { ...note, type: 'xml', data: 5 }, 'Data must be a string for type xml.'],
      ['map with an array', { ...note, type: 'map', data: [] }, 'Data must be an object for type map.'],
      ['array with an object', { ...note, type: 'array', data: {} }, 'Data must be an array for type array.'],
      ['malformed xml', { ...note, type: 'xml', data: '<p>a</b>' }, 'Data must be valid XML for type xml. Line 1, column 8: unexpected close tag.'],
      ['unclosed xml', { ...note, type: 'xml', data: '<p>\n<b>a</b>' }, 'Data must be valid XML for type xml. Line 2, column 8: unclosed tag: p.'],
      ['empty contentKey', { ...note, contentKey: '' }, 'contentKey must not be empty; omit it for the default key content.'],
    ];
    for (const [name, data, message] of cases) {
      it(`update: ${name}`, async () => {
        const c = fresh();
        expectSuccess(await c.post('/v2/crdt/add', note));
        await refused(c, '/v2/crdt/update', data, 400, 'INVALID_ARGUMENT', message);
      });
    }
    it('add validates the same way', async () => {
      const c = fresh();
      await refused(c, '/v2/crdt/add', { ...note, type: 'text', data: ['x'] }, 400, 'INVALID_ARGUMENT', 'Data must be a string for type text.');
      await refused(c, '/v2/crdt/add', { ...note, editorId: '' }, 400, 'INVALID_ARGUMENT', 'Editor ID is required.');
    });
    it('get and delete need the organization and document', async () => {
      const c = fresh();
      await refused(c, '/v2/crdt/get', { documentId: 'doc' }, 400, 'INVALID_ARGUMENT', 'Organization ID is required');
      await refused(c, '/v2/crdt/get', { organizationId: 'org' }, 400, 'INVALID_ARGUMENT', 'Document ID is required');
      await refused(c, '/v2/crdt/delete', { documentId: 'doc' }, 400, 'INVALID_ARGUMENT', 'Organization ID is required');
      await refused(c, '/v2/crdt/delete', { ...at, editorIds: [''] }, 400, 'INVALID_ARGUMENT', 'editorIds[0] is required.');
    });
  });
});
