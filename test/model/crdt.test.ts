import { beforeAll, describe, expect, it } from 'vitest';
import { deleteEditors, findEditor, listEditors, moveEditors, openLiveEditor, writeEditor } from '../../src/model/crdt/registry.js';
import { loadYjs } from '../../src/model/state/yjs.js';
import { createMockService } from '../../src/service.js';

// Yjs documents are opened synchronously here (service.crdt.doc, state files with editors).
beforeAll(() => loadYjs());

const text = (value: string) => ({ type: 'text' as const, value });

describe('editor table', () => {
  it('moves every entry of a document to another, replacing a same-named one, keeping the live documents', () => {
    const { model, credentials } = createMockService();
    const ns = model.store.namespace(credentials.apiKey);
    writeEditor(model, ns, { organizationId: 'o', documentId: 'from', editorId: 'a', contentKey: 'content', content: text('A'), mode: 'add' });
    writeEditor(model, ns, { organizationId: 'o', documentId: 'from', editorId: 'b', contentKey: 'content', content: text('B'), mode: 'add' });
    writeEditor(model, ns, { organizationId: 'o', documentId: 'to', editorId: 'b', contentKey: 'content', content: text('old B'), mode: 'add' });
    const liveA = findEditor(model, ns, { organizationId: 'o', documentId: 'from', editorId: 'a' })?.doc;
    const replaced = findEditor(model, ns, { organizationId: 'o', documentId: 'to', editorId: 'b' })?.doc;
    let destroyed = false;
    replaced?.on('destroy', () => (destroyed = true));
    moveEditors(model, ns, 'o', 'from', 'to');
    expect(listEditors(model, ns, 'o', 'from')).toEqual([]);
    expect(listEditors(model, ns, 'o', 'to').map((r) => [r.editorId, r.data])).toEqual([
      ['b', 'B'],
      ['a', 'A'],
    ]);
    expect(findEditor(model, ns, { organizationId: 'o', documentId: 'to', editorId: 'a' })?.doc).toBe(liveA);
    expect(destroyed).toBe(true);
    expect(ns.editors.get('o')?.has('from')).toBe(false);
  });

  it('deletes some or all entries and destroys their documents', () => {
    const { model, credentials } = createMockService();
    const ns = model.store.namespace(credentials.apiKey);
    for (const editorId of ['a', 'b', 'c'])
      writeEditor(model, ns, { organizationId: 'o', documentId: 'd', editorId, contentKey: 'content', content: text(editorId), mode: 'add' });
    const docA = findEditor(model, ns, { organizationId: 'o', documentId: 'd', editorId: 'a' })?.doc;
    deleteEditors(model, ns, { organizationId: 'o', documentId: 'd', editorIds: ['a', 'zzz'] });
    expect(docA?.isDestroyed).toBe(true);
    expect(listEditors(model, ns, 'o', 'd').map((r) => r.editorId)).toEqual(['b', 'c']);
    deleteEditors(model, ns, { organizationId: 'o', documentId: 'd' });
    expect(ns.editors.size).toBe(0);
  });

  it('opens a live entry only where one exists or may be created, and drops an unwritten new one on release', () => {
    const { model, credentials } = createMockService();
    const ns = model.store.namespace(credentials.apiKey);
    const at = { organizationId: 'o', documentId: 'd', editorId: 'e' };
    expect(openLiveEditor(model, ns, at, { create: false })).toBeUndefined();
    expect(ns.editors.size).toBe(0);
    const unwritten = openLiveEditor(model, ns, at, { create: true });
    expect(ns.editors.get('o')?.get('d')?.get('e')).toBe(unwritten?.record);
    unwritten?.release();
    expect(unwritten?.record.doc.isDestroyed).toBe(true);
    expect(ns.editors.size).toBe(0);
    const written = openLiveEditor(model, ns, at, { create: true });
    written?.record.doc.getText('content').insert(0, 'kept');
    written?.release();
    expect(findEditor(model, ns, at)?.data).toBe('kept');
    const again = openLiveEditor(model, ns, at, { create: false });
    expect(again?.record).toBe(written?.record);
    again?.release();
    expect(findEditor(model, ns, at)?.doc.isDestroyed).toBe(false);
  });
});
