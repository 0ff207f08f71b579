import { expect, it } from 'vitest';
import { BUNDLE_BUDGET_BYTES, benchBundle, LAZY_BUDGET_BYTES } from '../../scripts/bench/bundle.js';

it('keeps what a page loads for handlers and core by its first call within 144 KB min+gzip, and the feature chunks within 104 KB', async () => {
  const figures = await benchBundle();
  const upFront = figures['bundle: handlers+core min+gzip bytes (msw, yjs external)'] as number;
  const firstCall = figures['bundle: handlers+core min+gzip bytes by the end of the first call (budget <= 147,456)'] as number;
  const lazy = figures[
    'bundle: lazily loaded chunks min+gzip bytes (synonym table, XML parser, jose, agents and workflow engines, memory reads and knowledge) (budget <= 106,496)'
  ] as number;
  console.info(`browser bundle: ${upFront} bytes up front, ${firstCall} by the end of the first call, + ${lazy} bytes loaded by features (min+gzip)`);
  expect(upFront).toBeLessThan(firstCall);
  expect(firstCall).toBeLessThanOrEqual(BUNDLE_BUDGET_BYTES);
  expect(lazy).toBeLessThanOrEqual(LAZY_BUDGET_BYTES);
}, 60_000);
