/** Agent groups and system groups (beyond-spec-4 4.1.0 E, 4.1.18–4.1.24). */
import { ServiceError } from '../../errors.js';
import type { ModelContext } from '../state/context.js';
import type { Namespace } from '../state/entities.js';
import type { AgentGroupRecord, AgentsState } from '../state/records/agents.js';
import { builtInAgent, type SystemGroup } from './catalogue.js';
import { agentsForWrite, agentsOf } from './state.js';

/** At most this many groups per API key, system groups included. */
export const MAX_GROUPS = 50;
/** At most this many agents in one group. */
export const MAX_GROUP_AGENTS = 100;

/** `Agent group not found: <groupId>` (404). */
export const groupNotFound = (groupId: string): ServiceError => new ServiceError('NOT_FOUND', `Agent group not found: ${groupId}`);

/** Refuses the first custom agent id that names no agent (built-in ids pass without a lookup). */
function checkAgentIds(state: AgentsState, agentIds: readonly string[]): void {
  for (const id of agentIds) {
    if (!builtInAgent(id) && !state.custom.has(id)) throw new ServiceError('NOT_FOUND', `Agent not found: ${id}`);
  }
}

/** A copy of a group as get and the writes answer it: `description` only when set, `system` only on system groups. */
export function groupView(group: AgentGroupRecord): Record<string, unknown> {
  const out: Record<string, unknown> = { id: group.id, name: group.name };
  if (group.description !== undefined) out['description'] = group.description;
  out['agentIds'] = [...group.agentIds];
  out['metadata'] = structuredClone(group.metadata);
  if (group.system) out['system'] = true;
  out['createdAt'] = group.createdAt;
  out['updatedAt'] = group.updatedAt;
  return out;
}

/** What group create takes, after validation (name and description trimmed). */
export interface NewGroup {
  name: string;
  description?: string | undefined;
  agentIds?: string[] | undefined;
  metadata?: Record<string, unknown> | undefined;
}

/**
 * Creates a customer group: members de-duplicated (first occurrence kept), metadata stored with the caller's API key.
 * @example createGroup(ctx, ns, { name: 'Brand QA', agentIds: ['spell-check'] }).id.length === 20
 */
export function createGroup(ctx: ModelContext, ns: Namespace, input: NewGroup): AgentGroupRecord {
  const current = agentsOf(ns);
  checkAgentIds(current, input.agentIds ?? []);
  if (current.groups.size >= MAX_GROUPS) throw new ServiceError('RESOURCE_EXHAUSTED', `Maximum number of agent groups reached (${MAX_GROUPS}).`);
  const state = agentsForWrite(ctx, ns);
  let id = ctx.ids.alnum(20);
  while (state.groups.has(id)) id = ctx.ids.alnum(20);
  const now = ctx.clock.now();
  const group: AgentGroupRecord = {
    id,
    name: input.name,
    agentIds: [...new Set(input.agentIds ?? [])],
    metadata: { ...structuredClone(input.metadata ?? {}), apiKey: ns.apiKey },
    createdAt: now,
    updatedAt: now,
  };
  if (input.description !== undefined) group.description = input.description;
  ctx.store.undo.set(state.groups, id, group);
  return group;
}

/** One group by id. @example getGroup(ns, 'copy-qa').system === true */
export function getGroup(ns: Namespace, groupId: string): AgentGroupRecord {
  const group = agentsOf(ns).groups.get(groupId);
  if (!group) throw groupNotFound(groupId);
  return group;
}

/**
 * Every group as a summary with its member count instead of the ids, oldest first (ties by id).
 * @example listGroups(ns)[0]?.agentCount
 */
export function listGroups(ns: Namespace): Record<string, unknown>[] {
  const groups = [...agentsOf(ns).groups.values()].sort((a, b) => a.createdAt - b.createdAt || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  return groups.map((g) => {
    const out: Record<string, unknown> = { id: g.id, name: g.name };
    if (g.description !== undefined) out['description'] = g.description;
    out['agentCount'] = g.agentIds.length;
    if (g.system) out['system'] = true;
    out['metadata'] = structuredClone(g.metadata);
    out['createdAt'] = g.createdAt;
    out['updatedAt'] = g.updatedAt;
    return out;
  });
}

/** Writes a changed copy of a group with `updatedAt` = now. */
function rewrite(ctx: ModelContext, ns: Namespace, group: AgentGroupRecord, change: Partial<AgentGroupRecord>): AgentGroupRecord {
  const state = agentsForWrite(ctx, ns);
  const next: AgentGroupRecord = { ...group, ...change, updatedAt: ctx.clock.now() };
  ctx.store.undo.set(state.groups, group.id, next);
  return next;
}

/** Renames or re-describes a group (system groups too). @example updateGroup(ctx, ns, { groupId, name: 'Brand QA (v2)' }) */
export function updateGroup(
  ctx: ModelContext,
  ns: Namespace,
  input: { groupId: string; name?: string | undefined; description?: string | undefined },
): AgentGroupRecord {
  const group = getGroup(ns, input.groupId);
  const change: Partial<AgentGroupRecord> = {};
  if (input.name !== undefined) change.name = input.name;
  if (input.description !== undefined) change.description = input.description;
  return rewrite(ctx, ns, group, change);
}

/** Deletes a group; its agents stay. @example deleteGroup(ctx, ns, groupId) */
export function deleteGroup(ctx: ModelContext, ns: Namespace, groupId: string): void {
  getGroup(ns, groupId);
  ctx.store.undo.delete(agentsForWrite(ctx, ns).groups, groupId);
}

/**
 * Appends agents in request order, skipping members; all or nothing (unknown custom ids 404, over 100 members 429).
 * @example addGroupAgents(ctx, ns, groupId, ['grammar-check']).agentIds
 */
export function addGroupAgents(ctx: ModelContext, ns: Namespace, groupId: string, agentIds: readonly string[]): AgentGroupRecord {
  const group = getGroup(ns, groupId);
  checkAgentIds(agentsOf(ns), agentIds);
  const members = [...group.agentIds];
  for (const id of agentIds) if (!members.includes(id)) members.push(id);
  if (members.length > MAX_GROUP_AGENTS) throw new ServiceError('RESOURCE_EXHAUSTED', `Agent group cannot exceed ${MAX_GROUP_AGENTS} agents.`);
  return rewrite(ctx, ns, group, { agentIds: members });
}

/** Removes agents from a group (ids that are not members are ignored); the rest keep their order. */
export function removeGroupAgents(ctx: ModelContext, ns: Namespace, groupId: string, agentIds: readonly string[]): AgentGroupRecord {
  const group = getGroup(ns, groupId);
  const drop = new Set(agentIds);
  return rewrite(ctx, ns, group, { agentIds: group.agentIds.filter((id) => !drop.has(id)) });
}

/**
 * Files a new custom agent in a system group, creating the group (default name and description) when it is missing;
 * skipped silently when the key already holds 50 groups or the group 100 agents.
 * @example provisionSystemGroup(ctx, ns, state, SYSTEM_GROUPS[0], agentId)
 */
export function provisionSystemGroup(ctx: ModelContext, ns: Namespace, state: AgentsState, system: SystemGroup, agentId: string): void {
  const now = ctx.clock.now();
  const existing = state.groups.get(system.id);
  if (!existing) {
    if (state.groups.size >= MAX_GROUPS) return;
    const group: AgentGroupRecord = {
      id: system.id,
      name: system.name,
      description: system.description,
      agentIds: [agentId],
      metadata: { apiKey: ns.apiKey },
      system: true,
      createdAt: now,
      updatedAt: now,
    };
    ctx.store.undo.set(state.groups, system.id, group);
    return;
  }
  if (existing.agentIds.length >= MAX_GROUP_AGENTS || existing.agentIds.includes(agentId)) return;
  ctx.store.undo.set(state.groups, system.id, { ...existing, agentIds: [...existing.agentIds, agentId], updatedAt: now });
}
