/** Loading the agents engine on first use, and the settle step that needs it only once a key has a running execution. */
import type { ModelContext } from '../state/context.js';
import type { Namespace } from '../state/entities.js';

/** The agents engine module (`engine.ts`). */
export type AgentsEngine = typeof import('./engine.js');

let loading: Promise<AgentsEngine> | undefined;
let loaded: AgentsEngine | undefined;

/**
 * The agents engine, loaded once per process. The approval workflow engine starts and reads agent runs through it:
 * `const { startAgentRun, agentRunOutcome } = await loadAgentsEngine();`.
 * @example const { startExecution } = await loadAgentsEngine();
 */
export function loadAgentsEngine(): Promise<AgentsEngine> {
  loading ??= import('./engine.js').then((engine) => {
    loaded = engine;
    return engine;
  });
  return loading;
}

/** The engine when it is already loaded, else undefined. @example loadedAgentsEngine()?.settleAgentExecutions(ctx, ns) */
export function loadedAgentsEngine(): AgentsEngine | undefined {
  return loaded;
}

/**
 * Settles a key's clock-driven agent executions (the pipeline's settle seam); costs nothing for a key with none running,
 * and waits for the engine only when a restored state holds running executions before any agent call loaded it.
 * @example hooks.settle.push((m, caller) => settleAgents(m, caller.ns));
 */
export function settleAgents(ctx: ModelContext, ns: Namespace): void | Promise<void> {
  if (!ns.agents || ns.agents.plans.size === 0) return;
  const engine = loaded;
  if (engine) return engine.settleAgentExecutions(ctx, ns);
  return loadAgentsEngine().then((e) => e.settleAgentExecutions(ctx, ns));
}
