import { it } from 'vitest';
import { benchCore, benchImport, benchMsw, benchServer } from './core.js';
import { benchJournal } from './journal.js';

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

it('prints the bench figures', async () => {
  const figures: Record<string, number> = {
    ...(await benchCore()),
    ...benchImport(),
    ...(await benchMsw()),
    ...(await benchServer()),
    ...(await benchJournal()),
    ...(await optional('./crdt.js', 'benchCrdt')),
    ...(await optional('./memory.js', 'benchMemory')),
    ...(await optional('./scenarios.js', 'benchScenarios')),
    ...(await optional('./bundle.js', 'benchBundle')),
    ...(await optional('./install.js', 'benchInstall')),
  };
  const width = Math.max(...Object.keys(figures).map((k) => k.length));
  const lines = Object.entries(figures).map(([k, v]) => `${k.padEnd(width)}  ${Number.isInteger(v) ? v : v.toFixed(2)}`);
  console.log(`\n${lines.join('\n')}\n`);
}, 600_000);
