import { beforeAll, describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { STATE_VERSION, type StateFile } from '../../src/model/state/state-file.js';
import { loadYjs } from '../../src/model/state/yjs.js';
import { addUsers } from '../../src/model/users/users.js';
import { createScenarioService, createServiceFromState } from '../../src/scenarios/index.js';
import { createMockService } from '../../src/service.js';
import { fingerprint } from '../support/expect.js';
import { namespaceOf } from '../support/store.js';

// Yjs documents are opened synchronously here (service.crdt.doc, state files with editors).
beforeAll(() => loadYjs());

const editorText = (service: ReturnType<typeof createMockService>, editorId: string): string => {
  const ns = namespaceOf(service);
  const record = ns.editors.get('team-acme')?.get('doc-1')?.get(editorId);
  return record ? (record.doc as Y.Doc).getText('content').toString() : '';
};

describe('exportState / importState', () => {
  it('round-trips Maps, Sets, byte arrays and Yjs documents to the same state', async () => {
    const built = await createScenarioService({ scenario: 'team', seed: 1 });
    const text = built.exportState();
    const file = JSON.parse(text) as StateFile;
    expect(file).toMatchObject({ format: 'collab-service-mock/state', version: STATE_VERSION, identity: { seed: 1, apiKey: built.credentials.apiKey } });
    expect(text).toContain('"$map"');
    expect(text).toContain('"$set"');
    expect(text).toContain('"$ydoc"');
    const loaded = createMockService({ seed: 1 });
    loaded.importState(text);
    expect(loaded.exportState()).toBe(text);
    expect(editorText(loaded, 'text-editor')).toBe(editorText(built, 'text-editor'));
    expect(editorText(loaded, 'text-editor').length).toBeGreaterThan(20);
    const bytes = loaded.model.store.tables.apiKeys.get(loaded.credentials.apiKey);
    expect(bytes?.signingSecret).toBe(built.model.store.tables.apiKeys.get(built.credentials.apiKey)?.signingSecret);
  });

  it('keeps the clock and the id source, so the same calls after an import give the same results', async () => {
    const a = await createScenarioService({ scenario: 'starter', seed: 9 });
    a.clock.advance(5_000);
    const b = createServiceFromState(a.exportState());
    expect(b.clock.now()).toBe(a.clock.now());
    expect(a.model.ids.numeric16()).toBe(b.model.ids.numeric16());
  });

  it('keeps stored objects whose keys look like encoding tags', () => {
    const service = createMockService();
    const ns = namespaceOf(service);
    addUsers(service.model, ns, {
      organizationId: 'o',
      users: [{ userId: 'u', profile: { $map: [['a', 1]], $set: 'x' }, tags: ['$bytes'] }],
      keepAccessRole: true,
    });
    const copy = createServiceFromState(service.exportState());
    expect(fingerprint(copy)).toBe(fingerprint(service));
    expect(namespaceOf(copy).organizations.get('o')?.users.get('u')?.['profile']).toEqual({ $map: [['a', 1]], $set: 'x' });
  });

  it('makes the imported state the starting state', async () => {
    const text = (await createScenarioService({ scenario: 'starter', seed: 1 })).exportState();
    const service = createServiceFromState(text);
    addUsers(service.model, namespaceOf(service), { organizationId: 'x', users: [{ userId: 'y' }], keepAccessRole: true });
    service.reset();
    expect(service.exportState()).toBe(text);
  });

  it('refuses a newer format version with a clear message, leaving the state intact', () => {
    const service = createMockService();
    const before = fingerprint(service);
    const file = { ...(JSON.parse(service.exportState()) as StateFile), version: STATE_VERSION + 1 };
    expect(() => service.importState(file)).toThrow(
      `This state uses format version ${STATE_VERSION + 1}, newer than version ${STATE_VERSION} that this collab-service-mock reads; upgrade collab-service-mock to load it.`,
    );
    expect(() => createServiceFromState(JSON.stringify(file))).toThrow(/newer than version/);
    expect(fingerprint(service)).toBe(before);
  });

  it('refuses text that is not an exported state', () => {
    const service = createMockService();
    expect(() => service.importState('{"nope":')).toThrow(/^This is not an exported collab-service-mock state: the text is not valid JSON/);
    expect(() => service.importState('{"format":"other"}')).toThrow(
      'This is not an exported collab-service-mock state: expected "format": "collab-service-mock/state".',
    );
    expect(() => service.importState(JSON.stringify({ format: 'collab-service-mock/state', version: 1 }))).toThrow(/no valid "identity"/);
  });

  it('refuses a state exported under another seed, naming both seeds', () => {
    const other = createMockService({ seed: 7 });
    const service = createMockService({ seed: 1 });
    const before = fingerprint(service);
    expect(() => service.importState(other.exportState())).toThrow(
      /exported from a service created with seed 7 .* this service has seed 1 .* createMockService\(\{ seed: 7 \}\) .* createMockService\(\{ state \}\) takes its seed and credentials from it\.$/,
    );
    expect(() => service.importState(other.exportState())).not.toThrow(/createServiceFromState/);
    expect(fingerprint(service)).toBe(before);
    expect(createServiceFromState(other.exportState()).credentials).toEqual(other.credentials);
  });
});

describe('snapshot / restore', () => {
  it('restores an in-memory snapshot without moving the starting state', async () => {
    const service = await createScenarioService({ scenario: 'starter' });
    const start = service.exportState();
    addUsers(service.model, namespaceOf(service), { organizationId: 'x', users: [{ userId: 'y' }], keepAccessRole: true });
    const snap = service.snapshot();
    const middle = service.exportState();
    service.reset();
    expect(service.exportState()).toBe(start);
    service.restore(snap);
    expect(service.exportState()).toBe(middle);
  });
});

describe('Yjs documents in exported state', () => {
  it('keep their guid and seeded client id, so edits after an import write the same bytes', async () => {
    const built = await createScenarioService({ scenario: 'team', seed: 1 });
    const loaded = createServiceFromState(built.exportState());
    const doc = (s: typeof built) => namespaceOf(s).editors.get('team-acme')?.get('doc-1')?.get('text-editor')?.doc as Y.Doc;
    expect(doc(loaded).guid).toBe(doc(built).guid);
    expect(doc(loaded).clientID).toBe(doc(built).clientID);
    doc(built).getText('content').insert(0, 'edited ');
    doc(loaded).getText('content').insert(0, 'edited ');
    expect(Y.encodeStateAsUpdate(doc(loaded))).toEqual(Y.encodeStateAsUpdate(doc(built)));
  });

  it('export the same bytes after reset() and after restoring a snapshot', async () => {
    const service = await createScenarioService({ scenario: 'team', seed: 1 });
    const text = service.exportState();
    const snap = service.snapshot();
    service.reset();
    expect(service.exportState()).toBe(text);
    service.restore(snap);
    expect(service.exportState()).toBe(text);
  });
});
