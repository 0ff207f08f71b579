/** The agents family of the control plane (`/__mock/agents/*`): the HTTP face of `service.agents`. */
import {
  clearAgentPages,
  completeAgentExecution,
  configureAgents,
  listAgentPages,
  recordAgentUsage,
  registerAgentPages,
  scriptAgentFindings,
  scriptAgentPrompts,
} from '../harness/agents.js';
import { agentsOf } from '../model/agents/state.js';
import { type ControlHandler, namespaceFor } from './context.js';

const seeded = (deps: Parameters<ControlHandler>[0]): string => deps.credentials().apiKey;

/**
 * `POST /__mock/agents/config` `{ apiKey?, progression?, perUrlMs?, customAgentLimit?, credits?, defaultProvider?, profanityWords?, misspellings? }`.
 * @example POST /__mock/agents/config {"progression":"immediate"}
 */
export const config: ControlHandler = (deps, { body }) => ({ config: configureAgents(deps.model, seeded(deps), body ?? {}) });

/** `GET /__mock/agents/config?apiKey=`: a key's agent settings. */
export const readConfig: ControlHandler = (deps, { query }) => ({ config: structuredClone(agentsOf(namespaceFor(deps, query.get('apiKey'))).config) });

/**
 * `POST /__mock/agents/pages` `{ apiKey?, pages: [{ url, html?, text?, status?, fail?, contentType? }] }` (or one page's fields).
 * @example POST /__mock/agents/pages {"url":"https://example.com/a","text":"We recieve teh order."}
 */
export const addPages: ControlHandler = (deps, { body }) => ({ pages: registerAgentPages(deps.model, seeded(deps), body) });

/** `GET /__mock/agents/pages?apiKey=`: the page registry. */
export const listPages: ControlHandler = (deps, { query }) => ({ pages: listAgentPages(deps.model, query.get('apiKey') || seeded(deps)) });

/** `DELETE /__mock/agents/pages?apiKey=&url=`: one page, or every page without `url`. */
export const deletePages: ControlHandler = (deps, { query }) => ({
  removed: clearAgentPages(deps.model, query.get('apiKey') || seeded(deps), query.get('url') ?? undefined),
});

/**
 * `POST /__mock/agents/findings` `{ apiKey?, agentId, url?, findings, status?, fail?, once? }` (or `{ entries: [...] }`).
 * @example POST /__mock/agents/findings {"agentId":"spell-check","findings":[{"title":"Wrong logo"}],"once":true}
 */
export const findings: ControlHandler = (deps, { body }) => ({ entries: scriptAgentFindings(deps.model, seeded(deps), body) });

/**
 * `POST /__mock/agents/executions/complete` `{ apiKey?, executionId, outcome? }`: finishes a running execution now.
 * @example POST /__mock/agents/executions/complete {"executionId":"exec_1767225600000_spell-check"}
 */
export const complete: ControlHandler = async (deps, { body }) => ({ execution: await completeAgentExecution(deps.model, seeded(deps), body) });

/** `POST /__mock/agents/usage` `{ apiKey?, records: [{ agentId, model, year, month, requestCount?, promptTokens?, ... }] }`. */
export const usage: ControlHandler = (deps, { body }) => ({ recorded: recordAgentUsage(deps.model, seeded(deps), body) });

/** `POST /__mock/agents/scripts` `{ apiKey?, scripts: [{ operation, match, reply }] }`: scripted prompt-tool replies. */
export const scripts: ControlHandler = (deps, { body }) => ({ scripted: scriptAgentPrompts(deps.model, seeded(deps), body) });
