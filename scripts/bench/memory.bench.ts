import { expect, it } from 'vitest';
import { checkBudgets } from './budgets.js';
import { exponentOf, GROWTH_SIZES, growthTable, judgmentsGrowth } from './growth.js';
import { benchMemory } from './memory.js';

/** The decision-memory rows of `npm run bench` alone (`npm run bench:memory`): accuracy, latency and growth with the judgments held. */
it('prints the decision-memory figures and holds their budgets', async () => {
  const rows = await judgmentsGrowth(GROWTH_SIZES.judgments);
  for (const row of rows) row.exponent = exponentOf(row.sizes, row.ms);
  const at = (cost: string) => rows.find((r) => r.cost === cost)?.ms.at(-1) ?? Number.NaN;
  const figures: Record<string, number> = {
    ...(await benchMemory()),
    ...Object.fromEntries(rows.map((r) => [`growth exponent: ${r.cost} (budget <= ${r.budget})`, r.exponent])),
    'memory/suggest first after reset / warm at 100k (budget <= 2)': at('memory/suggest, first after reset') / at('memory/suggest, warm'),
    'memory/suggest warm at 100k judgments, ms (budget <= 5)': at('memory/suggest, warm'),
  };
  const width = Math.max(...Object.keys(figures).map((k) => k.length));
  const lines = Object.entries(figures).map(([k, v]) => `${k.padEnd(width)}  ${Number.isInteger(v) ? v : v.toFixed(3)}`);
  console.log(`\n${lines.join('\n')}\n\nGrowth (ms at each size)\n${growthTable(rows)}\n`);
  expect(
    checkBudgets(figures)
      .filter((v) => !v.ok)
      .map((v) => v.name),
  ).toEqual([]);
}, 1_800_000);
