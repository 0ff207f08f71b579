import { expect, it } from 'vitest';
import { BUNDLE_BUDGET_BYTES, browserBundle, FEATURE_BUDGET_BYTES } from '../../scripts/bench/bundle.js';

it('keeps what a page loads for handlers and core by its first call within 120 KB min+gzip, and each feature it may never use within 64 KB', async () => {
  const bundle = await browserBundle();
  const largest = bundle.features[0];
  console.info(
    `browser bundle: ${bundle.upFrontGzip} bytes up front, ${bundle.firstCallGzip} by the end of the first call, + ${bundle.lazyGzip} bytes loaded by features (largest ${largest?.module} ${largest?.gzip}) (min+gzip)`,
  );
  expect(bundle.upFrontGzip).toBeLessThan(bundle.firstCallGzip);
  expect(bundle.firstCallGzip).toBeLessThanOrEqual(BUNDLE_BUDGET_BYTES);
  expect(largest?.gzip).toBeGreaterThan(0);
  for (const feature of bundle.features) expect(feature.gzip, feature.module).toBeLessThanOrEqual(FEATURE_BUDGET_BYTES);
}, 120_000);

it('loads on the first call the route table with the core operations, not the areas, control plane or engines a page may never use', async () => {
  const { firstCallModules: loaded, features } = await browserBundle();
  expect(loaded).toEqual(
    expect.arrayContaining(['src/routes.ts', 'src/operations/users/users.ts', 'src/operations/comments/comments.ts', 'src/operations/notifications.ts']),
  );
  // The agents' shared field rules check service.agents' inputs and the workflow's common facts name its stand-ins: both load up front.
  const lazy = [
    /^src\/operations\/agents\/(?!schemas\.ts$)/,
    /^src\/operations\/workflow\/(?!common\.ts$)/,
    /^src\/operations\/(knowledge|insights|memory-reads|rewriter|webhooks|migrations|recordings)\.ts$/,
    /^src\/operations\/workspaces\/(config|key-settings|email)\.ts$/,
    /^src\/operations\/users\/erase\.ts$/,
    /^src\/control\//,
    /^src\/(served|coverage|openapi)\.ts$/,
    /^src\/model\/(agents|workflow)\/engine\.ts$/,
    /^src\/model\/memory\/(engine|index|suggest|lexicon|reads|explain)\.ts$/,
    /^node_modules\/(jose|saxes|wink-porter2-stemmer)\//,
  ];
  expect(loaded.filter((id) => lazy.some((re) => re.test(id)))).toEqual([]);
  // Each is a feature of its own, loaded on its first use.
  expect(features.map((f) => f.module)).toEqual(
    expect.arrayContaining([
      'src/operations/agents/index.ts',
      'src/operations/workflow/index.ts',
      'src/operations/knowledge.ts',
      'src/operations/insights.ts',
      'src/operations/memory-reads.ts',
      'src/operations/rewriter.ts',
      'src/operations/webhooks.ts',
      'src/operations/workspaces/config.ts',
      'src/operations/users/erase.ts',
      'src/control/runner.ts',
      'src/model/memory/engine.ts',
    ]),
  );
}, 120_000);
