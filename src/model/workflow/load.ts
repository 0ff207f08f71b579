import type { ModelContext } from '../state/context.js';
import type { Namespace } from '../state/entities.js';

/** The workflow engine module (`engine.ts`). */
export type WorkflowEngine = typeof import('./engine.js');

let loading: Promise<WorkflowEngine> | undefined;
let loaded: WorkflowEngine | undefined;

/**
 * The workflow engine, loaded once per process on first use.
 * @example const { dispatchExecution } = await loadWorkflowEngine();
 */
export function loadWorkflowEngine(): Promise<WorkflowEngine> {
  loading ??= import('./engine.js').then((engine) => {
    loaded = engine;
    return engine;
  });
  return loading;
}

/** The instant a key's next workflow timer falls due, or `null` (timers are kept latest first). */
function nextDue(ns: Namespace): number | null {
  return ns.workflow?.timers.at(-1)?.at ?? null;
}

/**
 * The pipeline's settle step: runs a key's workflow timers due by now (SLA breaches, agent polls, webhook retries,
 * delayed pickups, schedules), loading the engine only when something is due.
 * @example hooks.settle.push((m, caller) => settleWorkflows(m, caller.ns));
 */
export function settleWorkflows(ctx: ModelContext, ns: Namespace): void | Promise<void> {
  const due = nextDue(ns);
  if (due === null || due > ctx.clock.now()) return;
  if (loaded) return loaded.settleWorkflowStep(ctx, ns);
  return loadWorkflowEngine().then((engine) => engine.settleWorkflowStep(ctx, ns));
}

/**
 * Settles every key's workflow (the clock moved), loading the engine only when something is due.
 * @example await settleEveryWorkflow(ctx);
 */
export async function settleEveryWorkflow(ctx: ModelContext): Promise<void> {
  for (const ns of ctx.store.tables.namespaces.values()) {
    const settling = settleWorkflows(ctx, ns);
    if (settling) await settling;
  }
}

/**
 * The earliest instant any key's workflow has something due, or `null` (the clock's advance stops there).
 * @example nextWorkflowDueAt(ctx)
 */
export function nextWorkflowDueAt(ctx: ModelContext): number | null {
  let next: number | null = null;
  for (const ns of ctx.store.tables.namespaces.values()) {
    const at = nextDue(ns);
    if (at !== null && (next === null || at < next)) next = at;
  }
  return next;
}
