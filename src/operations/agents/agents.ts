/** Agent operations (beyond-spec-4 4.1.1–4.1.7): create, get, identity update, delete, versions. */
import { z } from 'zod';
import type { AgentConfig } from '../../model/agents/agents.js';
import { loadAgentsEngine } from '../../model/agents/load.js';
import { defineOperation, namespaceOf } from '../../protocol/operation.js';
import { validate } from '../../protocol/validate.js';
import { agentConfig } from './config-schema.js';
import { nonBlank, required } from './schemas.js';

const agentIdOnly = z.looseObject({ agentId: nonBlank() });

/** `POST /v2/agents/create`: a custom agent and its version 1 (passthrough body). */
export const create = defineOperation({
  auth: 'apiKey',
  summary: 'Create agent',
  message: 'Agent created successfully',
  schema: agentConfig,
  result: z.object({ agentId: z.string() }),
  run: async ({ data, caller, model }) => {
    const ns = namespaceOf(caller);
    const agentId = (await loadAgentsEngine()).createAgent(model, ns, data as AgentConfig);
    model.events.emit('agent.create', ns.apiKey, { agentId });
    return { data: { agentId } };
  },
});

/** `POST /v2/agents/get`: one agent by id, or the list (built-ins, custom agents, a group's members). */
export const get = defineOperation({
  auth: 'apiKey',
  summary: 'Get agent(s)',
  message: 'Agents fetched successfully',
  schema: z.looseObject({
    agentId: required().optional(),
    filter: z.enum(['defaultOnly', 'customOnly']).optional(),
    groupId: required().optional(),
  }),
  run: async ({ data, caller }) => {
    const ns = namespaceOf(caller);
    if (data.agentId !== undefined) return { data: { agent: (await loadAgentsEngine()).agentView(ns, data.agentId) }, message: 'Agent fetched successfully' };
    return { data: { agents: (await loadAgentsEngine()).listAgents(ns, { filter: data.filter, groupId: data.groupId }) } };
  },
});

/** `POST /v2/agents/update`: name, description, enabled in place (behavioural fields are dropped). */
export const update = defineOperation({
  auth: 'apiKey',
  summary: 'Update agent',
  message: 'Agent updated successfully',
  schema: z.looseObject({
    agentId: nonBlank(),
    name: z.string().min(1, { error: 'name must not be empty.' }).optional(),
    description: z.string().optional(),
    enabled: z.boolean().optional(),
  }),
  run: async ({ data, caller, model }) => {
    const ns = namespaceOf(caller);
    (await loadAgentsEngine()).updateAgentIdentity(model, ns, { agentId: data.agentId, name: data.name, description: data.description, enabled: data.enabled });
    model.events.emit('agent.update', ns.apiKey, { agentId: data.agentId });
    return { data: { agentId: data.agentId } };
  },
});

/** `POST /v2/agents/delete`: out of every group, then gone; unknown ids answer 200 too. */
export const remove = defineOperation({
  auth: 'apiKey',
  summary: 'Delete agent',
  message: 'Agent deleted successfully',
  schema: agentIdOnly,
  run: async ({ data, caller, model }) => {
    const ns = namespaceOf(caller);
    const existed = ns.agents?.custom.has(data.agentId) === true;
    (await loadAgentsEngine()).deleteAgent(model, ns, data.agentId);
    if (existed) model.events.emit('agent.delete', ns.apiKey, { agentId: data.agentId });
    return { data: { agentId: data.agentId } };
  },
});

/** `POST /v2/agents/version/update`: version N+1 from a one-level merge, checked by the configuration rules. */
export const updateVersion = defineOperation({
  auth: 'apiKey',
  summary: 'Update agent version',
  message: 'Agent version created successfully',
  schema: agentIdOnly,
  run: async ({ data, caller, model }) => {
    const ns = namespaceOf(caller);
    const { agentId, name: _name, description: _description, enabled: _enabled, ...patch } = data as Record<string, unknown> & { agentId: string };
    const merged = validate(agentConfig, (await loadAgentsEngine()).mergedVersion(ns, agentId, patch));
    const version = (await loadAgentsEngine()).writeVersion(model, ns, agentId, merged);
    model.events.emit('agent.version_update', ns.apiKey, { agentId, version });
    return { data: { version } };
  },
});

/** `POST /v2/agents/versions/list`: every version, newest first; `[]` for an unknown agent. */
export const listVersionsOp = defineOperation({
  auth: 'apiKey',
  summary: 'List agent versions',
  message: 'Versions listed successfully',
  schema: agentIdOnly,
  run: async ({ data, caller }) => ({ data: { versions: (await loadAgentsEngine()).listVersions(namespaceOf(caller), data.agentId) } }),
});

/** `POST /v2/agents/versions/restore`: deletes version N, back to N−1. */
export const restore = defineOperation({
  auth: 'apiKey',
  summary: 'Restore agent version',
  message: 'Version restored successfully',
  schema: agentIdOnly,
  run: async ({ data, caller, model }) => {
    const ns = namespaceOf(caller);
    const version = (await loadAgentsEngine()).restoreVersion(model, ns, data.agentId);
    model.events.emit('agent.version_restore', ns.apiKey, { agentId: data.agentId, version });
    return { data: { version } };
  },
});
