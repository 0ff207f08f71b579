import { expect, it } from 'vitest';
import { benchUndo } from './undo.js';

it('prints the undo-log figures and keeps their budgets', async () => {
  const figures = await benchUndo();
  console.log(
    `\n${Object.entries(figures)
      .map(([k, v]) => `${k.padEnd(60)}  ${v.toFixed(3)}`)
      .join('\n')}\n`,
  );
  for (const [name, value] of Object.entries(figures)) if (name.includes('(budget 1)')) expect(value, name).toBeLessThanOrEqual(1);
}, 600_000);
