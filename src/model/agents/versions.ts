/** Agent versions: the one-level merge, new versions, the history and the one-step restore (beyond-spec-4 4.1.0 B, D, 4.1.5–4.1.7). */
import { ServiceError } from '../../errors.js';
import type { ModelContext } from '../state/context.js';
import type { Namespace } from '../state/entities.js';
import type { AgentVersionRecord, CustomAgentRecord } from '../state/records/agents.js';
import { builtInAgent } from './catalogue.js';
import { agentsForWrite, agentsOf } from './state.js';

/** What every read shows in place of a stored credential. */
export const REDACTED = '__redacted__';

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The variables a version's prompts may use: `{{restApiData}}` with a rest-api strategy, `{{memoryContext}}`, then each variable key. */
function supportedVariables(blocks: Json): string[] {
  const strategies = isObject(blocks['contextGathering']) ? blocks['contextGathering']['strategies'] : undefined;
  const keys = isObject(blocks['input']) ? blocks['input']['variableKeys'] : undefined;
  const out: string[] = [];
  if (Array.isArray(strategies) && strategies.includes('rest-api')) out.push('{{restApiData}}');
  out.push('{{memoryContext}}');
  if (Array.isArray(keys)) for (const key of keys) out.push(`{{variables.${String(key)}}}`);
  return out;
}

/**
 * A version's behavioural blocks as stored: `input.supportedVariables` computed from the strategies and variable keys
 * (the `input` block only exists when the caller sent one).
 * @example versionBlocks({ input: { variableKeys: ['planId'] } }).input
 */
export function versionBlocks(blocks: Json): Json {
  const out = structuredClone(blocks);
  if (isObject(out['input'])) {
    const { supportedVariables: _dropped, ...rest } = out['input'];
    out['input'] = { ...rest, supportedVariables: supportedVariables(out) };
  }
  return out;
}

/** Replaces the credentials of one `auth` block with `__redacted__`. */
function redactAuth(auth: unknown): unknown {
  if (!isObject(auth)) return auth;
  const out: Json = { ...auth };
  if ('token' in out) out['token'] = REDACTED;
  if ('password' in out) out['password'] = REDACTED;
  if (isObject(out['headers'])) out['headers'] = Object.fromEntries(Object.keys(out['headers']).map((k) => [k, REDACTED]));
  return out;
}

/**
 * A copy of behavioural blocks with every stored credential (rest-api endpoint and MCP server `auth`) shown as `__redacted__`.
 * @example redactSecrets(version).execution
 */
export function redactSecrets(blocks: Json): Json {
  const out = structuredClone(blocks);
  const gathering = out['contextGathering'];
  const restApi = isObject(gathering) && isObject(gathering['strategyOptions']) ? gathering['strategyOptions']['rest-api'] : undefined;
  if (isObject(restApi) && Array.isArray(restApi['endpoints'])) {
    restApi['endpoints'] = restApi['endpoints'].map((e: unknown) => (isObject(e) && 'auth' in e ? { ...e, auth: redactAuth(e['auth']) } : e));
  }
  const execution = out['execution'];
  if (isObject(execution) && Array.isArray(execution['mcpServers'])) {
    execution['mcpServers'] = execution['mcpServers'].map((s: unknown) => (isObject(s) && 'auth' in s ? { ...s, auth: redactAuth(s['auth']) } : s));
  }
  return out;
}

/** The custom agent a version write names; built-ins have no versions. */
function customAgent(ns: Namespace, agentId: string): CustomAgentRecord {
  if (builtInAgent(agentId)) throw new ServiceError('INVALID_ARGUMENT', 'Version updates are only supported for custom agents.');
  const record = agentsOf(ns).custom.get(agentId);
  if (!record) throw new ServiceError('NOT_FOUND', `Agent not found: ${agentId}`);
  return record;
}

/** Top-level keys replaced whole by a version update, never merged. */
const SCALARS = new Set(['rawInstructions', 'instructions', 'phaseTimeoutMs', 'metadata']);

/**
 * What a version update would store, before the configuration rules check it: the agent's identity and current
 * behaviour with each block sent merged one level deep (its keys replace the stored block's keys whole) and
 * every other key replaced; `metadata` replaces the root's metadata.
 * @example const merged = mergedVersion(ns, agentId, { execution: { aiConfig: { provider: 'claude' } } });
 */
export function mergedVersion(ns: Namespace, agentId: string, patch: Json): Json {
  const record = customAgent(ns, agentId);
  const { id: _id, version: _version, createdAt: _createdAt, ...current } = currentVersion(record);
  const merged: Json = { name: record.name, description: record.description, enabled: record.enabled };
  if (record.metadata !== undefined) merged['metadata'] = structuredClone(record.metadata);
  Object.assign(merged, structuredClone(current));
  for (const [key, value] of Object.entries(patch)) {
    if (value === undefined) continue;
    const stored = merged[key];
    merged[key] = !SCALARS.has(key) && isObject(stored) && isObject(value) ? { ...stored, ...structuredClone(value) } : structuredClone(value);
  }
  if (isObject(merged['input'])) {
    const { supportedVariables: _dropped, ...rest } = merged['input'];
    merged['input'] = rest;
  }
  return merged;
}

/** The current version of a custom agent. @example currentVersion(record).id === `v${record.version}` */
export function currentVersion(record: CustomAgentRecord): AgentVersionRecord {
  return record.versions[record.versions.length - 1] as AgentVersionRecord;
}

/**
 * Stores version N+1 of a custom agent from a merged, checked configuration and moves the pointer to it.
 * @example writeVersion(ctx, ns, agentId, checked) === 2
 */
export function writeVersion(ctx: ModelContext, ns: Namespace, agentId: string, config: Json): number {
  const record = customAgent(ns, agentId);
  const state = agentsForWrite(ctx, ns);
  const now = ctx.clock.now();
  const number = record.version + 1;
  const { name: _n, description: _d, enabled: _e, metadata, agentId: _a, ...blocks } = config;
  const version: AgentVersionRecord = { id: `v${number}`, version: number, createdAt: now, ...versionBlocks(blocks) };
  const next: CustomAgentRecord = { ...record, version: number, updatedAt: now, versions: [...record.versions, version] };
  if (metadata !== undefined) next.metadata = structuredClone(metadata as Json);
  ctx.store.undo.set(state.custom, agentId, next);
  return number;
}

/**
 * Every version of a custom agent, newest first, secrets redacted; `[]` for an unknown agent or a built-in.
 * @example listVersions(ns, agentId)[0]?.id === 'v2'
 */
export function listVersions(ns: Namespace, agentId: string): Json[] {
  const record = agentsOf(ns).custom.get(agentId);
  if (!record) return [];
  return [...record.versions].reverse().map((v) => redactSecrets(v));
}

/**
 * Deletes the current version N and moves the pointer to N−1 (never below 1); answers N−1.
 * @example restoreVersion(ctx, ns, agentId) === 1
 */
export function restoreVersion(ctx: ModelContext, ns: Namespace, agentId: string): number {
  const record = agentsOf(ns).custom.get(agentId);
  if (!record) throw new ServiceError('NOT_FOUND', `Agent not found: ${agentId}`);
  if (record.version <= 1) throw new ServiceError('FAILED_PRECONDITION', 'Agent is already at version 1.');
  const previous = record.versions[record.versions.length - 2];
  if (!previous) throw new ServiceError('NOT_FOUND', `Version ${record.version - 1} not found.`);
  const state = agentsForWrite(ctx, ns);
  const next: CustomAgentRecord = { ...record, version: previous.version, updatedAt: ctx.clock.now(), versions: record.versions.slice(0, -1) };
  ctx.store.undo.set(state.custom, agentId, next);
  return previous.version;
}
