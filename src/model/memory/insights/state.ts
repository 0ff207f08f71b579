import type { ModelContext } from '../../state/context.js';
import type { Namespace } from '../../state/entities.js';
import type { MemoryInsights } from '../../state/records/insights.js';

/** Insights of a key that never wrote any: no alerts, the default alert settings, nothing seeded. */
export function emptyInsights(): MemoryInsights {
  return { alerts: new Map(), alertConfig: { enabled: true }, derivedAlerts: true, patterns: [], profiles: new Map(), answers: new Map() };
}

/**
 * The insights state of a namespace, created (through the undo log) on first write.
 * @example insightsOf(ctx, ns).alerts.size
 */
export function insightsOf(ctx: ModelContext, ns: Namespace): MemoryInsights {
  if (!ns.insights) ctx.store.undo.assign(ns, 'insights', emptyInsights());
  return ns.insights as MemoryInsights;
}

const NOTHING = emptyInsights();

/** The insights state of a namespace for reading; never creates one. */
export function readInsights(ns: Namespace): MemoryInsights {
  return ns.insights ?? NOTHING;
}

/** A fresh alert id: `alert_` and 12 alphanumerics, unique under the key. */
export function newAlertId(ctx: ModelContext, ns: Namespace): string {
  const alerts = readInsights(ns).alerts;
  for (;;) {
    const id = `alert_${ctx.ids.alnum(12)}`;
    if (!alerts.has(id)) return id;
  }
}
