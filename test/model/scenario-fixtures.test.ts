import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadYjs } from '../../src/model/state/yjs.js';
import { createScenarioService, createServiceFromState, SCENARIO_NAMES } from '../../src/scenarios/index.js';
import { fingerprint } from '../support/expect.js';

// Yjs documents are opened synchronously here (service.crdt.doc, state files with editors).
beforeAll(() => loadYjs());

const fixture = (name: string): URL => new URL(`../../fixtures/scenarios/${name}.json`, import.meta.url);

// `npm run fixtures` runs this file with --update, which rewrites the files; without it, any byte that
// building would change fails here (the determinism guard).
describe.each(SCENARIO_NAMES)('fixtures/scenarios/%s.json', (name) => {
  it('is the exported state of the scenario at seed 1, byte for byte', async () => {
    const built = await createScenarioService({ scenario: name, seed: 1 });
    await expect(built.exportState()).toMatchFileSnapshot(fixture(name).pathname);
  });

  it('loads into the same state as building the scenario', async () => {
    const built = await createScenarioService({ scenario: name, seed: 1 });
    const loaded = createServiceFromState(readFileSync(fixture(name), 'utf8'));
    expect(loaded.exportState()).toBe(built.exportState());
    expect(loaded.credentials).toEqual(built.credentials);
    if (name !== 'team') expect(fingerprint(loaded)).toBe(fingerprint(built));
  });
});
