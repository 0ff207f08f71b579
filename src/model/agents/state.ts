/** Where the agents area lives in a namespace, and its per-key settings (beyond-spec-4 0.3). */
import type { ModelContext } from '../state/context.js';
import type { Namespace } from '../state/entities.js';
import type { AgentsConfig, AgentsState } from '../state/records/agents.js';

/** The settings a key starts with: clock progression, 1 s per URL, 100 custom agents, unlimited credits, gemini. */
export function defaultAgentsConfig(): AgentsConfig {
  return { progression: 'clock', perUrlMs: 1000, customAgentLimit: 100, credits: null, defaultProvider: 'gemini', profanityWords: [], misspellings: null };
}

/** An agents area with nothing in it. @example emptyAgentsState().custom.size === 0 */
export function emptyAgentsState(): AgentsState {
  return {
    config: defaultAgentsConfig(),
    custom: new Map(),
    builtIns: new Map(),
    groups: new Map(),
    executions: new Map(),
    results: new Map(),
    plans: new Map(),
    byAgent: new Map(),
    byDocument: new Map(),
    byAgentDocument: new Map(),
    stats: new Map(),
    usage: new Map(),
    pages: new Map(),
    findings: [],
    scripts: [],
  };
}

/** What reads see in a namespace that never stored an agent: never written to. */
const NOTHING: AgentsState = emptyAgentsState();

/** The agents area of a namespace for reading (an empty one when the key never wrote any). */
export function agentsOf(ns: Namespace): AgentsState {
  return ns.agents ?? NOTHING;
}

/** The agents area of a namespace for writing, created (through the undo log) on first use. */
export function agentsForWrite(ctx: ModelContext, ns: Namespace): AgentsState {
  if (ns.agents) return ns.agents;
  const fresh = emptyAgentsState();
  ctx.store.undo.assign(ns, 'agents', fresh);
  return fresh;
}

/** The key of a document in the execution indexes. */
export const documentKey = (organizationId: string, documentId: string): string => `${organizationId}\u0000${documentId}`;

/** The key of an agent on a document in the execution indexes. */
export const agentDocumentKey = (agentId: string, organizationId: string, documentId: string): string => `${agentId}\u0000${organizationId}\u0000${documentId}`;
