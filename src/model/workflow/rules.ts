import type { EdgeInput, GroupInput, NodeInput, TriggerInput } from '../state/records/workflow.js';
import { parseCron, validTimeZone } from './cron.js';
import { type TargetProblem, targetProblem } from './targets.js';

/**
 * Stage 2 of the definition validation (beyond-spec-4 4.2.0 B): the rule-based schema checks, with the service's
 * literal messages. Each finding is an issue of code `custom` at the path of the field it is about.
 */

/** A definition as the schema let it through (stage 1); what the model stores and checks. */
export interface DefinitionDraft {
  definitionId: string;
  name: string;
  description?: string | undefined;
  scope?: { level: 'apiKey' | 'organization' | 'document'; organizationId?: string | undefined; documentId?: string | undefined } | undefined;
  organizationId?: string | undefined;
  documentId?: string | undefined;
  nodes: NodeInput[];
  edges: EdgeInput[];
  groups?: GroupInput[] | undefined;
  triggers?: TriggerInput[] | undefined;
  webhookConfig?: { url: string; secret: string; eventTypes?: string[] | undefined } | undefined;
  tags?: string[] | undefined;
  custom?: Record<string, unknown> | undefined;
}

/** One rule finding. */
export interface RuleIssue {
  code: 'custom';
  path: (string | number)[];
  message: string;
}

/** The literal messages of a target URL's problems, for the receiver (`webhookUrl`) and for webhook nodes. */
export function targetMessage(field: 'webhookUrl' | 'webhook node url', problem: TargetProblem): string {
  return problem === 'scheme' ? `${field} must use https scheme` : `${field} host resolves to a private, loopback, or link-local address`;
}

/** Header names a webhook node's `requestHeaders` may not set: the signature and framing headers the engine writes. */
const RESERVED_HEADERS = new Set(['content-type', 'content-length', 'host', 'connection', 'transfer-encoding', 'authorization', 'user-agent']);

type Add = (path: (string | number)[], message: string) => void;

function humanRules(config: Record<string, unknown>, add: Add, at: (string | number)[]): void {
  const reviewers = config['reviewers'] as { userId: string; mandatory: boolean }[] | undefined;
  const reviewerIds = config['reviewerIds'] as string[] | undefined;
  if (reviewers !== undefined && reviewerIds !== undefined) {
    add(at, 'cannot set both reviewerIds and reviewers, use one');
    return;
  }
  const ids = reviewers?.map((r) => r.userId) ?? reviewerIds ?? [];
  if (ids.length === 0) {
    add(at, 'at least one of reviewerIds or reviewers must be provided');
    return;
  }
  if (new Set(ids).size !== ids.length) add([...at, reviewers ? 'reviewers' : 'reviewerIds'], 'reviewer userIds must be unique');
  if (reviewers && !reviewers.some((r) => r.mandatory)) add([...at, 'reviewers'], 'reviewers must include at least one mandatory reviewer');
}

function nodeRules(node: NodeInput, i: number, localTargets: readonly string[], add: Add): void {
  const config = node.config;
  if (config === undefined) return;
  const at = ['nodes', i, 'config'];
  if (node.type === 'human') humanRules(config, add, at);
  if (node.type === 'notification') {
    const recipients = config['recipients'] as string[] | undefined;
    if (config['channel'] === 'email' && (recipients === undefined || recipients.length === 0)) {
      add([...at, 'recipients'], 'notification node with channel="email" requires a non-empty recipients array');
    }
    if (config['channel'] === 'slack' && config['slackTarget'] === undefined) {
      add([...at, 'slackTarget'], 'notification node with channel="slack" requires a slackTarget (channel id or incoming-webhook URL)');
    }
  }
  if (node.type === 'webhook') {
    const problem = targetProblem(String(config['url']), localTargets);
    if (problem) add([...at, 'url'], targetMessage('webhook node url', problem));
    if (config['authMode'] === 'token' && config['authTokenHeader'] === undefined) {
      add([...at, 'authTokenHeader'], 'webhook node with authMode="token" requires authTokenHeader to be set');
    }
    if (config['bodyTemplate'] === 'none' && config['method'] !== 'GET')
      add([...at, 'bodyTemplate'], 'webhook node with bodyTemplate="none" requires method="GET"');
    for (const name of Object.keys((config['requestHeaders'] as Record<string, string> | undefined) ?? {})) {
      const lower = name.toLowerCase();
      if (lower.startsWith('x-service-') || RESERVED_HEADERS.has(lower)) add([...at, 'requestHeaders', name], `requestHeaders may not set ${name}`);
    }
  }
  if (node.type === 'agent') {
    if (config['url'] === undefined && config['urlPath'] === undefined) add(at, 'agent node requires either a static "url" or a "urlPath"');
    if (typeof config['url'] === 'string' && !URL.canParse(config['url'])) add([...at, 'url'], 'agent node url must be an absolute URL');
    if (config['blocking'] === true && config['resolutionPolicy'] === undefined)
      add([...at, 'resolutionPolicy'], 'blocking agent node requires a resolutionPolicy');
  }
}

function triggerRules(trigger: TriggerInput, i: number, add: Add): void {
  const at = ['triggers', i];
  const inbound = trigger.inboundWebhook;
  if (inbound) {
    const provider = inbound['provider'] ?? 'service';
    const authMode = inbound['authMode'] ?? 'hmac';
    if (provider !== 'service' && authMode !== 'hmac')
      add([...at, 'inboundWebhook', 'authMode'], 'inboundWebhook provider="github"/"vercel"/"custom" requires authMode="hmac"');
    if (provider === 'custom' && authMode === 'hmac' && (inbound['signatureHeader'] === undefined || inbound['signatureAlgorithm'] === undefined)) {
      add([...at, 'inboundWebhook'], 'inboundWebhook with provider="custom" and authMode="hmac" requires signatureHeader and signatureAlgorithm');
    }
  }
  const schedule = trigger.schedule;
  if (schedule) {
    if (!parseCron(schedule.cron)) add([...at, 'schedule', 'cron'], 'schedule.cron must be a valid 5-field cron expression');
    if (!validTimeZone(schedule.timezone))
      add([...at, 'schedule', 'timezone'], 'schedule.timezone must be a valid IANA timezone name (e.g. America/Los_Angeles)');
  }
}

function scopeRules(draft: DefinitionDraft, add: Add): void {
  const scope = draft.scope;
  if (!scope) return;
  for (const field of ['organizationId', 'documentId'] as const) {
    if (scope[field] !== undefined && draft[field] !== undefined && scope[field] !== draft[field]) {
      add(['scope', field], `scope.${field} and ${field} differ; send one of them`);
    }
  }
  const org = scope.organizationId ?? draft.organizationId;
  const doc = scope.documentId ?? draft.documentId;
  if (scope.level === 'organization' && org === undefined) add(['scope'], 'scope level "organization" requires organizationId');
  if (scope.level === 'document' && (org === undefined || doc === undefined)) add(['scope'], 'scope level "document" requires organizationId and documentId');
}

/**
 * Every rule finding of a definition, in field order (scope, receiver, nodes, triggers); empty when it passes.
 * @example ruleIssues(draft, [])[0]?.message // 'at least one of reviewerIds or reviewers must be provided'
 */
export function ruleIssues(draft: DefinitionDraft, localTargets: readonly string[]): RuleIssue[] {
  const issues: RuleIssue[] = [];
  const add: Add = (path, message) => issues.push({ code: 'custom', path, message });
  scopeRules(draft, add);
  if (draft.webhookConfig) {
    const problem = targetProblem(draft.webhookConfig.url, localTargets);
    if (problem) add(['webhookConfig', 'url'], targetMessage('webhookUrl', problem));
  }
  draft.nodes.forEach((node, i) => {
    nodeRules(node, i, localTargets, add);
  });
  (draft.triggers ?? []).forEach((trigger, i) => {
    triggerRules(trigger, i, add);
  });
  return issues;
}

/**
 * The rule findings of a dispatch's receiver: both fields or neither, https, no internal host.
 * @example receiverIssues({ webhookUrl: 'http://x.test' }, [])[0]?.message
 */
export function receiverIssues(data: { webhookUrl?: string | undefined; webhookSecret?: string | undefined }, localTargets: readonly string[]): RuleIssue[] {
  const issues: RuleIssue[] = [];
  if ((data.webhookUrl === undefined) !== (data.webhookSecret === undefined)) {
    issues.push({
      code: 'custom',
      path: [data.webhookUrl === undefined ? 'webhookUrl' : 'webhookSecret'],
      message: 'webhookUrl and webhookSecret must be provided together',
    });
  }
  if (data.webhookUrl !== undefined) {
    const problem = targetProblem(data.webhookUrl, localTargets);
    if (problem) issues.push({ code: 'custom', path: ['webhookUrl'], message: targetMessage('webhookUrl', problem) });
  }
  return issues;
}
