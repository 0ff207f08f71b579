/** Custom and built-in agents: create, read, identity updates and delete (beyond-spec-4 4.1.1–4.1.4). */
import { ServiceError } from '../../errors.js';
import type { ModelContext } from '../state/context.js';
import type { Namespace } from '../state/entities.js';
import type { AgentsState, AgentVersionRecord, CustomAgentRecord } from '../state/records/agents.js';
import { BUILT_IN_CATALOGUE, builtInAgent, classifyAgent } from './catalogue.js';
import { provisionSystemGroup } from './groups.js';
import { agentsForWrite, agentsOf } from './state.js';
import { currentVersion, redactSecrets, versionBlocks } from './versions.js';

/** Identity fields of a custom agent; everything else of a create or a version is behaviour. */
const IDENTITY = new Set(['agentId', 'name', 'description', 'enabled', 'metadata']);

/** A validated agent configuration: identity plus the behavioural blocks and passthrough keys. */
export type AgentConfig = Record<string, unknown> & { name: string; description: string; enabled: boolean; metadata?: Record<string, unknown> | undefined };

/** `Agent not found: <agentId>` (404). */
export const agentNotFound = (agentId: string): ServiceError => new ServiceError('NOT_FOUND', `Agent not found: ${agentId}`);

/** The behaviour of a configuration: its keys other than identity, in their order. */
export function behaviourOf(config: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(config)) if (!IDENTITY.has(key) && value !== undefined) out[key] = structuredClone(value);
  return out;
}

/**
 * Stores a custom agent with its version 1, and files it in the system group its words classify it into.
 * @example const id = createAgent(ctx, ns, { name: 'Brand', description: 'Brand colours', enabled: true, contextGathering, execution });
 */
export function createAgent(ctx: ModelContext, ns: Namespace, config: AgentConfig): string {
  const state = agentsForWrite(ctx, ns);
  const limit = state.config.customAgentLimit;
  if (state.custom.size >= limit) throw new ServiceError('RESOURCE_EXHAUSTED', `Maximum number of custom agents reached (${limit}).`);
  let id = ctx.ids.alnum(20);
  while (state.custom.has(id) || builtInAgent(id)) id = ctx.ids.alnum(20);
  const now = ctx.clock.now();
  const version: AgentVersionRecord = { id: 'v1', version: 1, createdAt: now, ...versionBlocks(behaviourOf(config)) };
  const record: CustomAgentRecord = {
    id,
    name: config.name,
    description: config.description,
    enabled: config.enabled,
    version: 1,
    ...(config.metadata !== undefined ? { metadata: structuredClone(config.metadata) } : {}),
    createdAt: now,
    updatedAt: now,
    versions: [version],
  };
  ctx.store.undo.set(state.custom, id, record);
  const instructions = typeof config['instructions'] === 'string' ? config['instructions'] : '';
  const group = classifyAgent(`${config.name} ${config.description} ${instructions}`);
  if (group) provisionSystemGroup(ctx, ns, state, group, id);
  return id;
}

/** Whether an id names an agent of this key (a built-in, or a custom agent that exists). */
export function agentExists(state: AgentsState, agentId: string): boolean {
  return builtInAgent(agentId) !== undefined || state.custom.has(agentId);
}

/** Whether a built-in agent is enabled for this key (all start enabled). */
export function builtInEnabled(state: AgentsState, agentId: string): boolean {
  return state.builtIns.get(agentId)?.enabled ?? true;
}

/**
 * One agent as get returns it: a custom agent's identity and current behaviour (secrets redacted), or a built-in's identity.
 * @example agentView(ns, 'spell-check').managedBy === 'service'
 */
export function agentView(ns: Namespace, agentId: string): Record<string, unknown> {
  const state = agentsOf(ns);
  const builtIn = builtInAgent(agentId);
  if (builtIn) {
    return {
      id: builtIn.id,
      name: builtIn.name,
      description: builtIn.description,
      enabled: builtInEnabled(state, agentId),
      managedBy: 'service',
      system: true,
      essentialDefault: builtIn.essentialDefault,
    };
  }
  const record = state.custom.get(agentId);
  if (!record) throw agentNotFound(agentId);
  const out: Record<string, unknown> = {
    id: record.id,
    name: record.name,
    description: record.description,
    enabled: record.enabled,
    version: record.version,
    managedBy: 'customer',
  };
  if (record.metadata !== undefined) out['metadata'] = structuredClone(record.metadata);
  const { id: _id, version: _version, createdAt: _createdAt, ...blocks } = currentVersion(record);
  return { ...out, ...redactSecrets(blocks) };
}

/** Which agents a list shows. */
export interface AgentListFilter {
  filter?: 'defaultOnly' | 'customOnly' | undefined;
  groupId?: string | undefined;
}

/**
 * The agent list: built-ins in catalogue order, then custom agents in creation order (a group's order with `groupId`);
 * internal agents never appear.
 * @example listAgents(ns, { filter: 'customOnly' }).length
 */
export function listAgents(ns: Namespace, options: AgentListFilter): Record<string, unknown>[] {
  const state = agentsOf(ns);
  let ids: string[];
  if (options.groupId !== undefined) {
    const group = state.groups.get(options.groupId);
    if (!group) throw new ServiceError('NOT_FOUND', `Agent group not found: ${options.groupId}`);
    ids = group.agentIds;
  } else {
    ids = [...BUILT_IN_CATALOGUE.map((a) => a.id), ...state.custom.keys()];
  }
  const rows: Record<string, unknown>[] = [];
  for (const id of ids) {
    const builtIn = builtInAgent(id);
    if (builtIn && options.filter !== 'customOnly') rows.push(builtInRow(state, id));
    const custom = state.custom.get(id);
    if (custom && options.filter !== 'defaultOnly' && custom.metadata?.['internal'] !== true) rows.push(customRow(state, custom));
  }
  return rows;
}

function statsOf(state: AgentsState, agentId: string): { executionCount: number; lastExecutedAt: number | null } {
  const stats = state.stats.get(agentId);
  return { executionCount: stats?.executionCount ?? 0, lastExecutedAt: stats?.lastExecutedAt ?? null };
}

function builtInRow(state: AgentsState, id: string): Record<string, unknown> {
  const agent = builtInAgent(id);
  return {
    id,
    name: agent?.name,
    description: agent?.description,
    system: true,
    enabled: builtInEnabled(state, id),
    managedBy: 'service',
    ...statsOf(state, id),
  };
}

function customRow(state: AgentsState, record: CustomAgentRecord): Record<string, unknown> {
  return {
    id: record.id,
    name: record.name,
    description: record.description,
    enabled: record.enabled,
    managedBy: 'customer',
    version: record.version,
    ...statsOf(state, record.id),
  };
}

/** What identity update may change. */
export interface IdentityUpdate {
  agentId: string;
  name?: string | undefined;
  description?: string | undefined;
  enabled?: boolean | undefined;
}

/**
 * Changes a custom agent's name, description or enabled flag, or a built-in's enabled flag (which it requires); a
 * missing agent is the documented 500.
 * @example updateAgentIdentity(ctx, ns, { agentId: 'spell-check', enabled: false });
 */
export function updateAgentIdentity(ctx: ModelContext, ns: Namespace, input: IdentityUpdate): void {
  if (builtInAgent(input.agentId)) {
    if (input.enabled === undefined) throw new ServiceError('INVALID_ARGUMENT', 'enabled is required for built-in agents.');
    const state = agentsForWrite(ctx, ns);
    ctx.store.undo.set(state.builtIns, input.agentId, { enabled: input.enabled });
    return;
  }
  const record = agentsOf(ns).custom.get(input.agentId);
  // The documented quirk: an unknown agent is INTERNAL, not NOT_FOUND.
  if (!record) throw new ServiceError('INTERNAL', 'INTERNAL');
  const state = agentsForWrite(ctx, ns);
  const next: CustomAgentRecord = { ...record, updatedAt: ctx.clock.now() };
  if (input.name !== undefined) next.name = input.name;
  if (input.description !== undefined) next.description = input.description;
  if (input.enabled !== undefined) next.enabled = input.enabled;
  ctx.store.undo.set(state.custom, input.agentId, next);
}

/**
 * Deletes a custom agent: first out of every group, then the agent and its versions. Unknown ids are a no-op;
 * executions, their annotations and usage stay.
 * @example deleteAgent(ctx, ns, agentId);
 */
export function deleteAgent(ctx: ModelContext, ns: Namespace, agentId: string): void {
  if (builtInAgent(agentId)) throw new ServiceError('INVALID_ARGUMENT', 'Built-in agents cannot be deleted.');
  if (!agentsOf(ns).custom.has(agentId)) return;
  const state = agentsForWrite(ctx, ns);
  const now = ctx.clock.now();
  for (const group of state.groups.values()) {
    if (!group.agentIds.includes(agentId)) continue;
    ctx.store.undo.set(state.groups, group.id, { ...group, agentIds: group.agentIds.filter((id) => id !== agentId), updatedAt: now });
  }
  ctx.store.undo.delete(state.custom, agentId);
}
