import type { Namespace } from '../../model/state/entities.js';
import { loadWorkflowEngine, type WorkflowEngine } from '../../model/workflow/load.js';
import type { DefinitionDraft } from '../../model/workflow/rules.js';

/**
 * What every workflow operation declares (beyond-spec-4 4.2): API-key auth with the engine's wording for a missing
 * token, the bare `{result}` envelope, and `details.issues` on schema refusals.
 */
export const WORKFLOW = { auth: 'apiKey', message: null, issueDetails: true, missingTokenMessage: 'Auth token is required' } as const;

/**
 * A validated definition body with its graph parts as the caller sent them, so nodes, edges, groups and triggers are
 * stored and echoed byte for byte (a schema's output lists keys in the schema's order).
 * @example draftOf(data, raw).edges
 */
export function draftOf<D extends DefinitionDraft>(data: D, raw: unknown): D {
  const sent = raw as Partial<Record<keyof DefinitionDraft, unknown>>;
  const draft = { ...data };
  for (const field of ['nodes', 'edges', 'groups', 'triggers', 'custom'] as const) {
    if (sent[field] !== undefined) (draft as Record<string, unknown>)[field] = structuredClone(sent[field]);
  }
  return draft;
}

/**
 * The workflow engine for a call on a key, loaded on first use (with the agents engine when the key's runs may start
 * agent runs).
 * @example const engine = await engineFor(ns); engine.dispatchExecution(model, ns, data);
 */
export async function engineFor(ns: Namespace): Promise<WorkflowEngine> {
  const engine = await loadWorkflowEngine();
  await engine.ensureAgentRuns(ns);
  return engine;
}
