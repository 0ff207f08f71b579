import { describe, expect, it } from 'vitest';
import { listEditors } from '../../src/model/crdt/registry.js';
import { addUsers } from '../../src/model/users/users.js';
import { createBuilders, createScenarioService, loadScenario, SCENARIO_NAMES } from '../../src/scenarios/index.js';
import { createMockService } from '../../src/service.js';
import { expectSuccess } from '../support/expect.js';
import { namespaceOf } from '../support/store.js';
import { forEachTransport } from '../support/transports.js';

describe('named scenarios', () => {
  it('lists exactly empty, starter, team and large', () => {
    expect(SCENARIO_NAMES).toEqual(['empty', 'starter', 'team', 'large']);
  });

  it('builds byte-identical state for the same seed and different state for another seed', async () => {
    const a = await createScenarioService({ scenario: 'team', seed: 7 });
    const b = await createScenarioService({ scenario: 'team', seed: 7 });
    const c = await createScenarioService({ scenario: 'team', seed: 8 });
    expect(a.exportState()).toBe(b.exportState());
    expect(a.exportState()).not.toBe(c.exportState());
  });

  it('empty holds the workspace and its testing key only', async () => {
    const service = await createScenarioService({ scenario: 'empty' });
    expect(service.exportState()).toBe(createMockService().exportState());
    expect([...service.model.store.tables.apiKeys.values()].map((k) => k.type)).toEqual(['testing']);
    expect(namespaceOf(service).organizations.size).toBe(0);
  });

  it('starter holds one organization with folders, documents, users at three levels, a group and notifications', async () => {
    const org = namespaceOf(await createScenarioService({ scenario: 'starter' })).organizations.get('starter-org');
    expect(org).toBeDefined();
    expect([...org!.users.keys()]).toEqual(['user-1', 'user-2', 'user-3', 'user-4', 'user-5', 'user-6', 'user-7', 'user-8']);
    expect([...org!.folders.keys()]).toEqual(['folder-1', 'folder-2', 'folder-3']);
    expect([...org!.documents.keys()]).toEqual(['doc-1', 'doc-2', 'doc-3', 'doc-4', 'doc-5', 'doc-6']);
    expect(org!.folders.get('folder-1')?.users.has('guest-1')).toBe(true);
    expect([...org!.documents.get('doc-1')!.users.keys()]).toEqual(['user-1', 'user-2']);
    expect([...org!.groups.get('group-1')!.members]).toEqual(['user-1', 'user-2', 'user-3', 'user-4']);
    expect(org!.notifications.size).toBe(4);
    expect(org!.users.get('user-1')?.email).toMatch(/@example\.com$/);
  });

  it('team holds several organizations with every kind of record, a migration in progress and a disabled organization', async () => {
    const ns = namespaceOf(await createScenarioService({ scenario: 'team' }));
    expect([...ns.organizations.keys()]).toEqual(['team-acme', 'team-globex', 'team-initech']);
    expect([...ns.organizations.values()].map((o) => o.disabled)).toEqual([false, false, true]);
    const acme = ns.organizations.get('team-acme')!;
    expect(acme.groups.size).toBe(2);
    expect(acme.notifications.size).toBe(6);
    expect(acme.notificationConfigs.size).toBeGreaterThan(0);
    expect(acme.activities.size).toBe(8);
    expect([...acme.activities.values()].some((a) => a.immutable)).toBe(true);
    const threads = [...acme.comments.values()].flatMap((d) => [...d.threads.values()]);
    expect(threads.length).toBe(3);
    expect(threads[1]?.comments).toHaveLength(3);
    expect(threads.map((t) => t.annotationNumber)).toEqual([1, 2, 1]);
    expect(acme.reactions.length).toBe(3);
    expect(acme.recordings.length).toBe(1);
    const model = (await createScenarioService({ scenario: 'team' })).model;
    const types = listEditors(model, ns, 'team-acme', 'doc-1').map((e) => Object.values(e.types)[0]);
    expect(types.sort()).toEqual(['array', 'map', 'text', 'xml']);
    expect(ns.judgments).toHaveLength(12);
    expect(new Set(ns.judgments.map((j) => j.judgeType))).toEqual(new Set(['human', 'agent']));
    expect([...ns.migrations.values()].map((m) => [m.documentId, m.newDocumentId, m.status])).toEqual([['doc-5', 'doc-5-v2', 'in_progress']]);
    expect(ns.configs.activity?.isEnabled).toBe(true);
  });

  it('large holds at least 10,000 users and 1,000 documents', async () => {
    const org = namespaceOf(await createScenarioService({ scenario: 'large' })).organizations.get('large-org')!;
    expect(org.users.size).toBeGreaterThanOrEqual(10_000);
    expect(org.documents.size).toBeGreaterThanOrEqual(1_000);
  });

  it('refuses an unknown scenario name and a scenario given to the synchronous constructor', async () => {
    await expect(createScenarioService({ scenario: 'huge' as 'team' })).rejects.toThrow(
      'Unknown scenario "huge"; use one of empty, starter, team, large, or pass a function ({ build, model, namespace }) => { ... }.',
    );
    expect(() => createMockService({ scenario: 'team' } as never)).toThrow(/use `await createScenarioService\(\{ scenario: 'team', seed: 7 \}\)`/);
  });
});

describe('reset and custom scenarios', () => {
  it('reset() returns to the scenario state, not to empty', async () => {
    const service = await createScenarioService({ scenario: 'starter', seed: 3 });
    const start = service.exportState();
    addUsers(service.model, namespaceOf(service), { organizationId: 'starter-org', users: [{ userId: 'late' }], keepAccessRole: true });
    expect(service.exportState()).not.toBe(start);
    service.reset();
    expect(service.exportState()).toBe(start);
    expect(namespaceOf(service).organizations.get('starter-org')?.users.size).toBe(8);
  });

  it('a custom scenario receives seeded builders, the model and the namespace, and becomes the starting state', async () => {
    const service = await createScenarioService({
      seed: 5,
      scenario: ({ build, model, namespace }) => {
        addUsers(model, namespace, { organizationId: 'acme', users: [build.user({ userId: 'ada' }), build.user()], keepAccessRole: true });
      },
    });
    const users = namespaceOf(service).organizations.get('acme')!.users;
    expect([...users.keys()][0]).toBe('ada');
    const build = await createBuilders({ seed: 5 });
    expect(users.get('ada')?.name).toBe(build.user().name);
    addUsers(service.model, namespaceOf(service), { organizationId: 'acme', users: [{ userId: 'extra' }], keepAccessRole: true });
    service.reset();
    expect(namespaceOf(service).organizations.get('acme')!.users.size).toBe(2);
  });

  it('loadScenario builds on an existing service', async () => {
    const service = createMockService({ seed: 2 });
    await loadScenario(service, 'starter', { seed: 2 });
    expect(service.exportState()).toBe((await createScenarioService({ scenario: 'starter', seed: 2 })).exportState());
  });
});

describe('builders', () => {
  it('are seeded: the same seed gives the same records, another seed others', async () => {
    const [a, b, c] = await Promise.all([createBuilders({ seed: 1 }), createBuilders({ seed: 1 }), createBuilders({ seed: 2 })]);
    const sample = (x: typeof a) => [x.user(), x.document(), x.notification(), x.activity(), x.commentAnnotation(), x.judgment(), x.editor()];
    expect(sample(a)).toEqual(sample(b));
    expect(sample(a)).not.toEqual(sample(c));
  });

  it('apply overrides without shifting the sequence', async () => {
    const [a, b] = await Promise.all([createBuilders({ seed: 4 }), createBuilders({ seed: 4 })]);
    const ada = a.user({ name: 'Ada Lovelace', userId: 'ada' });
    const plain = b.user();
    expect(ada).toEqual({ ...plain, name: 'Ada Lovelace', userId: 'ada' });
    expect(a.document()).toEqual(b.document());
    const xml = a.editor({ type: 'xml' });
    const text = b.editor({ type: 'text' });
    expect(xml.data).toMatch(/^<heading level="2">/);
    expect(typeof text.data).toBe('string');
    expect(xml.editorId).toBe(text.editorId);
    expect(a.notification({ notifyUsers: [] })).toEqual({ ...b.notification(), notifyUsers: [] });
    expect(a.user()).toEqual(b.user());
  });
});

forEachTransport('scenario data through the API', (fresh) => {
  it('serves the starter users of a loaded scenario', async () => {
    const c = fresh();
    await loadScenario(c.service, 'starter');
    const got = expectSuccess(await c.post('/v2/users/get', { organizationId: 'starter-org' }));
    expect(got.data.map((u: { userId: string }) => u.userId)).toEqual(['user-1', 'user-2', 'user-3', 'user-4', 'user-5', 'user-6', 'user-7', 'user-8']);
  });
});
