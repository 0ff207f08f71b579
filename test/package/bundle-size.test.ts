import { expect, it } from 'vitest';
import { benchBundle, BUNDLE_BUDGET_BYTES, LAZY_BUDGET_BYTES } from '../../scripts/bench/bundle.js';

it('keeps what a page loads up front for handlers and core within 120 KB min+gzip, and the lazily loaded chunks within 64 KB', async () => {
  const figures = await benchBundle();
  const upFront = figures['bundle: handlers+core min+gzip bytes (msw, yjs external)'] as number;
  const lazy = figures['bundle: lazily loaded chunks min+gzip bytes (synonym table, XML parser, jose)'] as number;
  console.info(`browser bundle: ${upFront} bytes up front + ${lazy} bytes loaded lazily (min+gzip)`);
  expect(upFront).toBeLessThanOrEqual(BUNDLE_BUDGET_BYTES);
  expect(lazy).toBeLessThanOrEqual(LAZY_BUDGET_BYTES);
}, 60_000);
