import { z } from 'zod';
import type { ModelContext } from '../model/state/context.js';
import { knownNamespace } from '../model/state/keys.js';
import type { ScriptedResponse, WorkflowConfig, WorkflowOutboxEntry } from '../model/state/records/workflow.js';
import { allOrNothing } from '../model/state/transaction.js';
import { loadWorkflowEngine } from '../model/workflow/load.js';
import { configureWorkflow, scriptResponses, workflowOutbox } from '../model/workflow/settings.js';
import { configOf } from '../model/workflow/state.js';
import type { TriggerOutcome } from '../model/workflow/triggers.js';
import { absentOrValid as opt, validate } from '../protocol/validate.js';

export type { ScriptedResponse, WorkflowConfig, WorkflowOutboxEntry } from '../model/state/records/workflow.js';
export type { TriggerOutcome } from '../model/workflow/triggers.js';

/** Which API key a call touches; default: the service's seeded testing key. */
export interface WorkflowTarget {
  apiKey?: string | undefined;
}

/** Settings of `service.workflow.configure` (every field optional; the others stay). */
export interface WorkflowConfigInit extends WorkflowTarget {
  /** How agent steps progress: `clock` (polled every `pollIntervalMs`, default), `immediate` (in the dispatching request), `manual` (only an override ends them). */
  agentSteps?: WorkflowConfig['agentSteps'];
  /** Attempts of a sync webhook node answering 5xx (default 3). */
  webhookRetries?: number;
  /** How long scheduled steps stay `pending` before the engine takes them (default 0: the same request). */
  pickupDelayMs?: number;
  /** Hosts (`127.0.0.1`, `localhost:4000`) webhook URLs may name over http or on internal addresses. */
  localTargets?: string[];
  /** Where async webhook nodes are told to call back (default `https://collab-service.test`). */
  callbackBaseUrl?: string;
  /** The answer of unscripted webhook URLs (default `200 {}`). */
  defaultResponse?: ScriptedResponseInit;
  /** `false`: definitions with app triggers are refused (FAILED_PRECONDITION). */
  appTriggersSupported?: boolean;
  /** App-trigger installation refs that are not connected. */
  disconnectedInstallations?: string[];
  /** `true`: list cursors are `<instant>:<id>` and never skip items that share the boundary instant (default `false`, as the service). */
  listTieSafeCursor?: boolean;
}

/** One scripted answer: a status, headers, and a JSON or text body. */
export interface ScriptedResponseInit {
  status: number;
  headers?: Record<string, string>;
  json?: unknown;
  text?: string;
}

/** Scripted answers of a URL: one (`status`, ...) or a list (`responses`, the last repeats). */
export type WebhookResponsesInit = WorkflowTarget & { url: string } & (ScriptedResponseInit | { responses: ScriptedResponseInit[] });

/** What firing a trigger takes. */
export interface TriggerFireInit extends WorkflowTarget {
  definitionId: string;
  triggerId: string;
  payload?: unknown;
  eventName?: string;
  sourceEventId?: string;
}

/** What a callback posts. */
export interface CallbackInit {
  status: 'completed' | 'failed';
  output?: Record<string, unknown>;
  error?: { code?: string; message?: string };
}

/** Which outbox entries to list. */
export interface OutboxQuery extends WorkflowTarget {
  executionId?: string;
  kind?: 'notification' | 'webhook';
}

/**
 * The approval workflow engine in process (`service.workflow`): settings, scripted webhook answers, the callback
 * target of async webhook nodes, trigger firing and the outbox. Every write is validated strictly and all-or-nothing.
 * @example service.workflow.scriptResponse({ url: 'https://hooks.example.com/x', status: 503 });
 */
export interface WorkflowApi {
  /** Changes settings of a key; returns all of them. */
  configure(init: WorkflowConfigInit): WorkflowConfig;
  /** The settings of a key. */
  config(target?: WorkflowTarget): WorkflowConfig;
  /** Scripts the answers of a URL; an empty `responses` list forgets them. */
  scriptResponse(init: WebhookResponsesInit): { url: string; responses: ScriptedResponse[] };
  /** Posts to the callback URL of an async webhook step, as its receiver would. */
  callback(token: string, body: CallbackInit, headerToken?: string): Promise<{ executionId: string; stepId: string }>;
  /** Fires an inbound-webhook, app or schedule trigger of a definition. */
  fireTrigger(init: TriggerFireInit): Promise<TriggerOutcome>;
  /** Messages of notification nodes and requests of webhook nodes, oldest first. */
  outbox(query?: OutboxQuery): WorkflowOutboxEntry[];
}

const apiKey = opt(z.string().min(1));
const headers = z.record(z.string(), z.string());
const response = z.strictObject({ status: z.int().min(100).max(599), headers: opt(headers), json: z.unknown().optional(), text: opt(z.string()) });

/** `POST /__mock/workflow/config`. */
export const configBody = z.strictObject({
  apiKey,
  agentSteps: opt(z.enum(['clock', 'immediate', 'manual'])),
  webhookRetries: opt(z.int().min(1).max(10)),
  pickupDelayMs: opt(z.int().min(0).max(86_400_000)),
  localTargets: opt(z.array(z.string().min(1).max(300)).max(50)),
  callbackBaseUrl: opt(z.url({ protocol: /^https?$/ })),
  defaultResponse: opt(response),
  appTriggersSupported: opt(z.boolean()),
  disconnectedInstallations: opt(z.array(z.string().min(1).max(256)).max(100)),
  listTieSafeCursor: opt(z.boolean()),
});

/** `POST /__mock/workflow/webhook-responses`: one answer (`status`, ...) or a list (`responses`), never both. */
export const responsesBody = z
  .strictObject({
    apiKey,
    url: z.string().min(1).max(2000),
    responses: opt(z.array(response).max(100)),
    status: opt(z.int().min(100).max(599)),
    headers: opt(headers),
    json: z.unknown().optional(),
    text: opt(z.string()),
  })
  .superRefine((body, ctx) => {
    const single = body.status !== undefined || body.headers !== undefined || body.json !== undefined || body.text !== undefined;
    if (body.responses !== undefined && single)
      ctx.addIssue({ code: 'custom', path: ['responses'], message: 'Send either responses or one answer (status, headers, json or text), not both.' });
    if (body.responses === undefined && body.status === undefined)
      ctx.addIssue({ code: 'custom', path: ['status'], message: 'status is required (or send responses: [...]).' });
  });

/** `POST /__mock/workflow/triggers/fire`. */
export const fireBody = z.strictObject({
  apiKey,
  definitionId: z.string().min(1).max(64),
  triggerId: z.string().min(1).max(64),
  payload: z.unknown().optional(),
  eventName: opt(z.string().min(1).max(256)),
  sourceEventId: opt(z.string().min(1).max(256)),
});

/** `POST /__mock/workflow/callback/{token}`. */
export const callbackBody = z.strictObject({
  status: z.enum(['completed', 'failed']),
  output: opt(z.record(z.string(), z.unknown())),
  error: opt(z.strictObject({ code: opt(z.string().max(200)), message: opt(z.string().max(2000)) })),
});

/** A scripted answer as stored. */
function stored(init: z.output<typeof response>): ScriptedResponse {
  const out: ScriptedResponse = { status: init.status, headers: { ...(init.headers ?? {}) } };
  if (init.text !== undefined) out.text = init.text;
  else if (init.json !== undefined) out.json = init.json;
  return out;
}

/**
 * The `service.workflow` surface bound to one service.
 * @example const workflow = createWorkflowApi(model, () => credentials.apiKey);
 */
export function createWorkflowApi(ctx: ModelContext, defaultApiKey: () => string): WorkflowApi {
  const nsOf = (key: string | undefined) => knownNamespace(ctx, key ?? defaultApiKey());
  return {
    configure: (init) =>
      allOrNothing(ctx, () => {
        const { apiKey: key, defaultResponse, ...patch } = validate(configBody, init);
        const ns = nsOf(key);
        const changes: Partial<WorkflowConfig> = {};
        for (const [field, value] of Object.entries(patch)) if (value !== undefined) (changes as Record<string, unknown>)[field] = value;
        if (defaultResponse) changes.defaultResponse = stored(defaultResponse);
        return configureWorkflow(ctx, ns, changes);
      }),
    config: (target = {}) => structuredClone(configOf(nsOf(target.apiKey))),
    scriptResponse: (init) =>
      allOrNothing(ctx, () => {
        const body = validate(responsesBody, init);
        const list = body.responses !== undefined ? body.responses.map(stored) : [stored({ ...body, status: body.status as number })];
        scriptResponses(ctx, nsOf(body.apiKey), body.url, list);
        return { url: body.url, responses: structuredClone(list) };
      }),
    callback: async (token, body, headerToken = token) => {
      const parsed = validate(callbackBody, body);
      const engine = await loadWorkflowEngine();
      const found = engine.findCallback(ctx, token);
      if (found) await engine.ensureAgentRuns(found.ns);
      return allOrNothing(ctx, () => engine.receiveCallback(ctx, token, headerToken, parsed));
    },
    fireTrigger: async (init) => {
      const { apiKey: key, ...fire } = validate(fireBody, init);
      const ns = nsOf(key);
      const engine = await loadWorkflowEngine();
      await engine.ensureAgentRuns(ns);
      return allOrNothing(ctx, () => {
        engine.settleWorkflow(ctx, ns);
        return engine.fireTrigger(ctx, ns, fire);
      });
    },
    outbox: (query = {}) => {
      const { apiKey: key, ...filter } = query;
      return workflowOutbox(nsOf(key), filter);
    },
  };
}
