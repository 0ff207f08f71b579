import { invalid, ServiceError } from '../../errors.js';
import type { ModelContext } from '../state/context.js';
import type { Namespace } from '../state/entities.js';
import type { DefinitionContent, DefinitionVersion, WorkflowDefinitionRecord } from '../state/records/workflow.js';
import { contractProblem } from './contract.js';
import { readCursor, tieSafeCursor, tieSafeCursors } from './cursors.js';
import { compileGraph } from './graph.js';
import { lintDefinition } from './linter.js';
import { type DefinitionDraft, ruleIssues } from './rules.js';
import { armSchedules, disarmSchedules } from './schedules.js';
import { configOf, workflowOf } from './state.js';
import { definitionView } from './views.js';

export type { DefinitionDraft } from './rules.js';

/** `Definition not found: <id>` (unknown, purged or tombstoned). */
export const definitionNotFound = (definitionId: string): ServiceError => new ServiceError('NOT_FOUND', `Definition not found: ${definitionId}`);

/**
 * Runs validation stages 2 to 4 (beyond-spec-4 4.2.0 B) on a definition that passed the schema, then the app-trigger
 * checks; returns the content to store with its compiled graph. Throws the first stage's refusal.
 * @example const version = checkDefinition(ns, draft, 1);
 */
export function checkDefinition(ns: Namespace, draft: DefinitionDraft, version: number): DefinitionVersion {
  const config = configOf(ns);
  const issues = ruleIssues(draft, config.localTargets);
  if (issues.length > 0) throw invalid((issues[0] as { message: string }).message, { issues });
  const broken = contractProblem(draft);
  if (broken !== undefined) throw invalid(broken);
  const findings = lintDefinition(draft);
  if (findings.length > 0) throw invalid(`Definition linter failed: ${JSON.stringify(findings)}`);
  for (const trigger of draft.triggers ?? []) {
    if (!trigger.appTrigger) continue;
    if (!config.appTriggersSupported) {
      throw new ServiceError('FAILED_PRECONDITION', `app triggers are not supported for this workspace's platform: ${trigger.triggerId}`);
    }
    const ref = String(trigger.appTrigger['installationRef']);
    if (config.disconnectedInstallations.includes(ref)) throw new ServiceError('FAILED_PRECONDITION', `installationRef is not connected: ${ref}`);
  }
  const scope = draft.scope;
  const content: DefinitionContent = {
    name: draft.name,
    description: draft.description ?? null,
    scope: {
      level: scope?.level ?? 'apiKey',
      organizationId: scope?.organizationId ?? draft.organizationId ?? null,
      documentId: scope?.documentId ?? draft.documentId ?? null,
    },
    nodes: draft.nodes,
    edges: draft.edges,
    groups: draft.groups ?? null,
    triggers: draft.triggers ?? null,
    webhookConfig: draft.webhookConfig
      ? { url: draft.webhookConfig.url, secret: draft.webhookConfig.secret, eventTypes: draft.webhookConfig.eventTypes ?? null }
      : null,
    tags: draft.tags ?? null,
    custom: draft.custom ?? null,
  };
  return { version, content: structuredClone(content), compiled: compileGraph(content) };
}

/** Remembers that the key's runs may start agent runs (so its passes load the agents engine first). */
function noteAgentNodes(ctx: ModelContext, ns: Namespace, version: DefinitionVersion): void {
  const wf = workflowOf(ctx, ns);
  if (wf.agentNodes !== true && version.content.nodes.some((n) => n.type === 'agent' && n.config?.['agentId'] !== '__mock__'))
    ctx.store.undo.assign(wf, 'agentNodes', true);
}

/** The active definition of an id, or `undefined`. */
export function activeDefinition(ns: Namespace, definitionId: string): WorkflowDefinitionRecord | undefined {
  const record = ns.workflow?.definitions.get(definitionId);
  return record?.status === 'active' ? record : undefined;
}

/**
 * `definitions/create` (4.2.1): validates, refuses an id an active definition holds, replaces a tombstoned one
 * (its versions discarded), stores version 1 and arms its schedules.
 * @example createDefinition(ctx, ns, draft).version === 1
 */
export function createDefinition(ctx: ModelContext, ns: Namespace, draft: DefinitionDraft): Record<string, unknown> {
  const checked = checkDefinition(ns, draft, 1);
  if (activeDefinition(ns, draft.definitionId)) throw new ServiceError('ALREADY_EXISTS', `Definition already exists: ${draft.definitionId}`);
  const wf = workflowOf(ctx, ns);
  const now = ctx.clock.now();
  const record: WorkflowDefinitionRecord = {
    definitionId: draft.definitionId,
    version: 1,
    status: 'active',
    current: checked,
    snapshots: {},
    createdAt: now,
    updatedAt: now,
  };
  disarmSchedules(ctx, wf, draft.definitionId);
  ctx.store.undo.set(wf.definitions, draft.definitionId, record);
  noteAgentNodes(ctx, ns, checked);
  armSchedules(ctx, wf, record, now);
  ctx.events.emit('workflow_definition.create', ns.apiKey, { definitionId: record.definitionId, version: 1 });
  return definitionView(record);
}

/**
 * `definitions/get` (4.2.2): an active definition.
 * @example getDefinition(ns, 'doc-signoff').status === 'active'
 */
export function getDefinition(ns: Namespace, definitionId: string): Record<string, unknown> {
  const record = activeDefinition(ns, definitionId);
  if (!record) throw definitionNotFound(definitionId);
  return definitionView(record);
}

/**
 * `definitions/list` (4.2.3): active definitions, most recently updated first (ties by id), `updatedAt < cursor`;
 * `nextCursor` is the last item's `updatedAt` when the page is full (`<updatedAt>:<definitionId>`, and the next page
 * starts right after that item, when the key's cursors are tie-safe).
 * @example listDefinitions(ns, { pageSize: 50 }).nextCursor
 */
export function listDefinitions(
  ns: Namespace,
  options: { pageSize?: number | undefined; cursor?: number | string | undefined },
): { items: unknown[]; nextCursor: number | string | null } {
  const size = options.pageSize ?? 50;
  const cursor = options.cursor === undefined ? undefined : readCursor(ns, options.cursor, 'cursor must be a number.');
  const after = (d: { updatedAt: number; definitionId: string }): boolean =>
    cursor === undefined || d.updatedAt < cursor.at || (cursor.id !== undefined && d.updatedAt === cursor.at && d.definitionId > cursor.id);
  const active = [...(ns.workflow?.definitions.values() ?? [])].filter((d) => d.status === 'active' && after(d));
  active.sort((a, b) => b.updatedAt - a.updatedAt || (a.definitionId < b.definitionId ? -1 : a.definitionId > b.definitionId ? 1 : 0));
  const page = active.slice(0, size);
  const last = page.length === size ? page.at(-1) : undefined;
  if (last === undefined) return { items: page.map(definitionView), nextCursor: null };
  return { items: page.map(definitionView), nextCursor: tieSafeCursors(ns) ? tieSafeCursor(last.updatedAt, last.definitionId) : last.updatedAt };
}

/**
 * `definitions/update` (4.2.4): validates, then refuses an unknown or tombstoned id and a stale `ifVersion`; stores
 * the full replacement as version N+1, keeping the previous version for the runs pinned to it.
 * @example updateDefinition(ctx, ns, draft, 1).version === 2
 */
export function updateDefinition(ctx: ModelContext, ns: Namespace, draft: DefinitionDraft, ifVersion: number): Record<string, unknown> {
  const existing = activeDefinition(ns, draft.definitionId);
  const checked = checkDefinition(ns, draft, (existing?.version ?? 0) + 1);
  if (!existing) throw definitionNotFound(draft.definitionId);
  if (existing.version !== ifVersion) throw new ServiceError('FAILED_PRECONDITION', `Version conflict: expected ${ifVersion}, current ${existing.version}`);
  const wf = workflowOf(ctx, ns);
  const { undo } = ctx.store;
  noteAgentNodes(ctx, ns, checked);
  undo.assign(existing.snapshots, String(existing.version), existing.current);
  undo.assign(existing, 'current', checked);
  undo.assign(existing, 'version', checked.version);
  undo.assign(existing, 'updatedAt', ctx.clock.now());
  disarmSchedules(ctx, wf, existing.definitionId);
  armSchedules(ctx, wf, existing, ctx.clock.now());
  ctx.events.emit('workflow_definition.update', ns.apiKey, { definitionId: existing.definitionId, version: checked.version });
  return definitionView(existing);
}

/**
 * `definitions/delete` (4.2.5): tombstones (or purges) an active definition with no run `pending` or `running`;
 * either way the id becomes free and its schedules stop.
 * @example deleteDefinition(ctx, ns, 'doc-signoff', false)
 */
export function deleteDefinition(
  ctx: ModelContext,
  ns: Namespace,
  definitionId: string,
  purge: boolean,
): { deleted: true; purged: boolean; definitionId: string } {
  const record = activeDefinition(ns, definitionId);
  if (!record) throw definitionNotFound(definitionId);
  const wf = workflowOf(ctx, ns);
  let inFlight = 0;
  for (const id of wf.executionsByDefinition.get(definitionId) ?? []) {
    const status = wf.executions.get(id)?.status;
    if (status === 'pending' || status === 'running') inFlight++;
  }
  if (inFlight > 0) throw new ServiceError('FAILED_PRECONDITION', `Definition has in-flight executions: ${inFlight}`);
  disarmSchedules(ctx, wf, definitionId);
  if (purge) ctx.store.undo.delete(wf.definitions, definitionId);
  else ctx.store.undo.assign(record, 'status', 'tombstoned');
  ctx.events.emit('workflow_definition.delete', ns.apiKey, { definitionId, purged: purge });
  return { deleted: true, purged: purge, definitionId };
}

/**
 * The version of a definition a run is pinned to: the current one or a kept snapshot.
 * @example pinnedVersion(record, run.definitionVersion)?.compiled.roots
 */
export function pinnedVersion(record: WorkflowDefinitionRecord | undefined, version: number): DefinitionVersion | undefined {
  if (!record) return undefined;
  return record.version === version ? record.current : record.snapshots[String(version)];
}
