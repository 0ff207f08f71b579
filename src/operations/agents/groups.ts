/** Agent group operations (beyond-spec-4 4.1.18–4.1.24). */
import { z } from 'zod';
import { loadAgentsEngine } from '../../model/agents/load.js';
import { defineOperation, namespaceOf } from '../../protocol/operation.js';
import { nonBlank, required, strict } from './schemas.js';

const name = z.string().trim().min(1).max(200);
const description = z.string().trim().max(2000);
const groupId = z.looseObject({ groupId: nonBlank() });
const members = z.looseObject({ groupId: nonBlank(), agentIds: z.array(required()).min(1) });

/** `POST /v2/agents/groups/create` (strict body). */
export const create = defineOperation({
  auth: 'apiKey',
  summary: 'Create agent group',
  message: 'Agent group created successfully',
  schema: strict({
    name,
    description: description.optional(),
    agentIds: z.array(required()).max(100).optional(),
    metadata: z.record(z.string(), z.unknown()).optional(),
  }),
  run: async ({ data, caller, model }) => {
    const ns = namespaceOf(caller);
    const group = (await loadAgentsEngine()).createGroup(model, ns, data);
    model.events.emit('agent_group.create', ns.apiKey, { groupId: group.id });
    return { data: { group: (await loadAgentsEngine()).groupView(group) } };
  },
});

/** `POST /v2/agents/groups/get`. */
export const get = defineOperation({
  auth: 'apiKey',
  summary: 'Get agent group',
  message: 'Agent group fetched successfully',
  schema: groupId,
  run: async ({ data, caller }) => ({
    data: { group: (await loadAgentsEngine()).groupView((await loadAgentsEngine()).getGroup(namespaceOf(caller), data.groupId)) },
  }),
});

/** `POST /v2/agents/groups/list`: every group with its member count. */
export const list = defineOperation({
  auth: 'apiKey',
  summary: 'List agent groups',
  message: 'Agent groups listed successfully',
  schema: z.looseObject({}),
  run: async ({ caller }) => ({ data: { groups: (await loadAgentsEngine()).listGroups(namespaceOf(caller)) } }),
});

/** `POST /v2/agents/groups/update`: name or description (strict body). */
export const update = defineOperation({
  auth: 'apiKey',
  summary: 'Update agent group',
  message: 'Agent group updated successfully',
  schema: strict({ groupId: nonBlank(), name: name.optional(), description: description.optional() }).superRefine((value, ctx) => {
    if (value.name === undefined && value.description === undefined)
      ctx.addIssue({ code: 'custom', path: [], message: 'name or description is required.', input: value });
  }),
  run: async ({ data, caller, model }) => {
    const ns = namespaceOf(caller);
    const group = (await loadAgentsEngine()).updateGroup(model, ns, data);
    model.events.emit('agent_group.update', ns.apiKey, { groupId: group.id });
    return { data: { group: (await loadAgentsEngine()).groupView(group) } };
  },
});

/** `POST /v2/agents/groups/delete`: the group goes, its agents stay. */
export const remove = defineOperation({
  auth: 'apiKey',
  summary: 'Delete agent group',
  message: 'Agent group deleted successfully',
  schema: groupId,
  run: async ({ data, caller, model }) => {
    const ns = namespaceOf(caller);
    (await loadAgentsEngine()).deleteGroup(model, ns, data.groupId);
    model.events.emit('agent_group.delete', ns.apiKey, { groupId: data.groupId });
    return { data: { groupId: data.groupId } };
  },
});

/** `POST /v2/agents/groups/add-agents`: appended in request order, idempotent. */
export const addAgents = defineOperation({
  auth: 'apiKey',
  summary: 'Add agents to group',
  message: 'Agents added to group successfully',
  schema: members,
  run: async ({ data, caller, model }) => {
    const ns = namespaceOf(caller);
    const group = (await loadAgentsEngine()).addGroupAgents(model, ns, data.groupId, data.agentIds);
    model.events.emit('agent_group.agents_add', ns.apiKey, { groupId: group.id, agentIds: [...data.agentIds] });
    return { data: { group: (await loadAgentsEngine()).groupView(group) } };
  },
});

/** `POST /v2/agents/groups/remove-agents`: non-members ignored. */
export const removeAgents = defineOperation({
  auth: 'apiKey',
  summary: 'Remove agents from group',
  message: 'Agents removed from group successfully',
  schema: members,
  run: async ({ data, caller, model }) => {
    const ns = namespaceOf(caller);
    const group = (await loadAgentsEngine()).removeGroupAgents(model, ns, data.groupId, data.agentIds);
    model.events.emit('agent_group.agents_remove', ns.apiKey, { groupId: group.id, agentIds: [...data.agentIds] });
    return { data: { group: (await loadAgentsEngine()).groupView(group) } };
  },
});
