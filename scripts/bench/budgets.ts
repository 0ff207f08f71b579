/**
 * Budgets live in the figure names, e.g. `msw ratio (budget <= 1.5)`: `<=`, `<`, `>=`, `>`, or a bare number
 * meaning `<=`. `npm run bench` prints every figure, then fails on any figure outside its budget.
 */

/** One budgeted figure and whether it holds. */
export interface Verdict {
  name: string;
  value: number;
  op: '<=' | '<' | '>=' | '>';
  limit: number;
  ok: boolean;
}

const BUDGET = /\(budget\s*(<=|<|>=|>)?\s*([\d,]+(?:\.\d+)?)\)/;

/** The budget a figure name declares, if any. @example budgetOf('x (budget < 120)') // { op: '<', limit: 120 } */
export function budgetOf(name: string): { op: Verdict['op']; limit: number } | undefined {
  const m = BUDGET.exec(name);
  if (!m) return undefined;
  return { op: (m[1] ?? '<=') as Verdict['op'], limit: Number((m[2] as string).replaceAll(',', '')) };
}

/**
 * Every budgeted figure with its verdict; a figure that is not a finite number misses its budget.
 * @example checkBudgets({ 'ratio (budget <= 2)': 1.4 })[0].ok // true
 */
export function checkBudgets(figures: Record<string, number>): Verdict[] {
  const out: Verdict[] = [];
  for (const [name, value] of Object.entries(figures)) {
    const budget = budgetOf(name);
    if (!budget) continue;
    const { op, limit } = budget;
    const ok = Number.isFinite(value) && (op === '<=' ? value <= limit : op === '<' ? value < limit : op === '>=' ? value >= limit : value > limit);
    out.push({ name, value, op, limit, ok });
  }
  return out;
}
