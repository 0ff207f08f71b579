import { expect, it } from 'vitest';
import { checkBudgets } from './budgets.js';
import { benchCore, benchImport, benchMsw } from './core.js';
import { benchGrowth, type GrowthRow, growthTable } from './growth.js';
import { benchJournal } from './journal.js';
import { benchServer, benchServerInBenchProcess } from './server.js';

const optional = async (file: string, name: string): Promise<Record<string, number>> => {
  try {
    const mod = (await import(/* @vite-ignore */ file)) as Record<string, () => Promise<Record<string, number>>>;
    const fn = mod[name];
    return fn ? await fn() : {};
  } catch (error) {
    if ((error as { code?: string }).code === 'ERR_MODULE_NOT_FOUND' || /Failed to load|Cannot find/.test(String(error))) return {};
    throw error;
  }
};

/** The growth rows as budgeted figures: each exponent, and the largest size of the costs the issue names. */
function growthFigures(rows: readonly GrowthRow[]): Record<string, number> {
  const out: Record<string, number> = {};
  const at = (cost: string, i = -1) => rows.find((r) => r.cost === cost)?.ms.at(i) ?? Number.NaN;
  for (const row of rows) out[`growth exponent: ${row.cost} (budget <= ${row.budget})`] = row.exponent;
  out['users/get last 1,000-user page at 1M users, ms (budget <= 5)'] = at('users/get, the last 1,000-user page');
  out['notifications/get 10 of one document at 100k, ms (budget <= 5)'] = at('notifications/get, 10 of one document');
  out['notifications/delete one id at 100k, ms'] = at('notifications/delete, one id');
  out['users/data/get first page at 100k notifications, ms'] = at('users/data/get, first page');
  out['memory/suggest first after reset / warm at 100k (budget <= 2)'] = at('memory/suggest, first after reset') / at('memory/suggest, warm');
  out['memory/suggest warm at 100k judgments, ms (budget <= 5)'] = at('memory/suggest, warm');
  out['memory/search warm at 100k judgments, ms'] = at('memory/search, warm');
  out['memory/ask warm at 100k judgments, ms'] = at('memory/ask, warm');
  return out;
}

it('prints the bench figures and holds every budget', async () => {
  const rows = await benchGrowth();
  const figures: Record<string, number> = {
    ...(await benchCore()),
    ...benchImport(),
    ...(await benchMsw()),
    ...(await benchServer()),
    ...(await benchServerInBenchProcess()),
    ...(await benchJournal()),
    ...(await optional('./crdt.js', 'benchCrdt')),
    ...(await optional('./memory.js', 'benchMemory')),
    ...(await optional('./scenarios.js', 'benchScenarios')),
    ...(await optional('./bundle.js', 'benchBundle')),
    ...(await optional('./undo.js', 'benchUndo')),
    ...(await optional('./install.js', 'benchInstall')),
    ...(await optional('./notifications.js', 'benchNotifications')),
    ...(await optional('./notifications.js', 'benchLargePages')),
    ...(await optional('./soak.js', 'benchLongRun')),
    ...(await optional('./soak.js', 'benchSoak')),
    ...growthFigures(rows),
  };
  const width = Math.max(...Object.keys(figures).map((k) => k.length));
  const lines = Object.entries(figures).map(([k, v]) => `${k.padEnd(width)}  ${Number.isInteger(v) ? v : v.toFixed(3)}`);
  console.log(`\n${lines.join('\n')}\n\nGrowth (ms at each size; exponent = slope of log time over log size)\n${growthTable(rows)}\n`);
  const missed = checkBudgets(figures).filter((v) => !v.ok);
  if (missed.length > 0) console.log(`Budgets missed:\n${missed.map((v) => `  ${v.name}: ${v.value.toFixed(3)} (needs ${v.op} ${v.limit})`).join('\n')}\n`);
  expect(missed.map((v) => v.name)).toEqual([]);
}, 1_800_000);
