import { expect, it } from 'vitest';
import { benchBundle, BUNDLE_BUDGET_BYTES } from '../../scripts/bench/bundle.js';

it('keeps the browser bundle of handlers and core within 120 KB min+gzip, lazily loaded chunks included', async () => {
  const figures = await benchBundle();
  const upFront = figures['bundle: handlers+core min+gzip bytes (msw, yjs external)'] as number;
  const lazy = figures['bundle: lazily loaded chunks min+gzip bytes (synonym table, jose)'] as number;
  console.info(`browser bundle: ${upFront} bytes up front + ${lazy} bytes loaded lazily (min+gzip)`);
  expect(upFront + lazy).toBeLessThanOrEqual(BUNDLE_BUDGET_BYTES);
}, 60_000);
