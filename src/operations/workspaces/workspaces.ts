import { z } from 'zod';
import { ServiceError } from '../../errors.js';
import { DEFAULT_EMAIL_TRIGGERS, emptyEmailConfig, emptyWebhookConfig } from '../../model/workspaces/config.js';
import {
  admitRead,
  createWorkspace,
  productionKeyCount,
  createApiKey as storeApiKey,
  workspacesOwnedBy,
  workspaceView,
} from '../../model/workspaces/workspaces.js';
import { defineOperation, workspaceOf } from '../../protocol/operation.js';
import { region, requiredString } from '../../protocol/rules.js';

const ownerEmail = z
  .string({ error: (iss) => (iss.input == null ? 'ownerEmail is required.' : 'ownerEmail must be a valid email address.') })
  .check(z.refine((s: string) => s.trim() !== '', { error: 'ownerEmail is required.' }))
  .pipe(z.email({ error: 'ownerEmail must be a valid email address.' }));

const boundedName = (max: number) => z.string().min(1).max(max);

/** `POST /v2/workspace/create`: a new workspace with one testing key (service-facts 3.1). */
export const create = defineOperation({
  auth: 'none',
  summary: 'Create a workspace',
  message: 'Workspace created successfully',
  schema: z.object({
    ownerEmail,
    name: boundedName(200).optional(),
    workspaceName: boundedName(200).optional(),
    avatar: z.string().max(2000).optional(),
    expiresInMs: z.number().optional(),
  }),
  run({ data, model, settings }) {
    const domain = data.ownerEmail.split('@')[1]?.toLowerCase() ?? '';
    if (settings.disposableEmailDomains.map((d) => d.toLowerCase()).includes(domain)) {
      throw new ServiceError('INVALID_ARGUMENT', 'This email domain is not supported.');
    }
    const owned = workspacesOwnedBy(model, data.ownerEmail);
    if (owned.length >= 5) {
      throw new ServiceError('RESOURCE_EXHAUSTED', 'You have reached the maximum number of workspaces allowed for this email address.');
    }
    const root = owned[0];
    if (root && productionKeyCount(model, root) === 0) {
      throw new ServiceError('PERMISSION_DENIED', 'Creating an additional workspace requires your root workspace to be on a paid plan (a production API key).');
    }
    const input: Parameters<typeof createWorkspace>[1] = { ownerEmail: data.ownerEmail };
    if (data.name !== undefined) input.name = data.name;
    if (data.workspaceName !== undefined) input.workspaceName = data.workspaceName;
    if (data.avatar !== undefined) input.avatar = data.avatar;
    const { workspace } = createWorkspace(model, input);
    return { data: workspaceView(model, workspace) };
  },
});

/** `POST /v2/workspace/get`: the workspace, rate limited per workspace (D12). */
export const get = defineOperation({
  auth: 'workspaceRead',
  summary: 'Get a workspace',
  message: 'Workspace retrieved successfully',
  schema: z.object({}),
  run({ caller, model, settings }) {
    const workspace = workspaceOf(caller);
    if (!admitRead(model, workspace, settings.workspaceReadLimit)) {
      throw new ServiceError('RESOURCE_EXHAUSTED', 'Rate limit exceeded. Try again after 1 minute.');
    }
    return { data: workspaceView(model, workspace) };
  },
});

const serviceConfig = z.looseObject({});

/** `POST /v2/workspace/apikey/create`: a testing or production key (service-facts 3.2). */
export const createApiKey = defineOperation({
  auth: 'workspace',
  summary: 'Create an API key',
  message: 'API key created successfully.',
  schema: z.object({
    ownerEmail,
    type: z.enum(['testing', 'production']),
    persistenceDBRegion: region('persistenceDBRegion').optional(),
    realtimeDBRegion: region('realtimeDBRegion').optional(),
    createAuthToken: z.boolean().optional(),
    apiKeyName: z.string().optional(),
    allowedDomains: z.array(z.string()).optional(),
    addLocalHostToAllowedDomains: z.boolean().optional(),
    useEmailService: z.boolean().optional(),
    useWebhookService: z.boolean().optional(),
    useNotificationService: z.boolean().optional(),
    setDefaultNotificationTriggers: z.boolean().optional(),
    setDefaultEmailTriggers: z.boolean().optional(),
    requireAutoOrgUser: z.boolean().optional(),
    enablePrivateComments: z.boolean().optional(),
    emailServiceConfig: z
      .looseObject({
        type: z.enum(['default', 'external']).optional(),
        apiKey: z.string().optional(),
        fromEmail: z.string().optional(),
        fromCompany: z.string().optional(),
        commentTemplateId: z.string().optional(),
        tagTemplateId: z.string().optional(),
      })
      .optional(),
    webhookServiceConfig: serviceConfig
      .extend({
        authToken: z.string().optional(),
        rawNotificationUrl: z.string().optional(),
        processedNotificationUrl: z.string().optional(),
      })
      .optional(),
  }),
  run({ data, caller, model }) {
    const workspace = workspaceOf(caller);
    if (data.type === 'production') {
      if (!workspace.plan.selfServeProduction) {
        throw new ServiceError('PERMISSION_DENIED', 'This workspace is not allowed to create production API keys.');
      }
      if (!workspace.plan.paid) throw new ServiceError('FAILED_PRECONDITION', 'A paid plan is required to create a production API key.');
      if (productionKeyCount(model, workspace) >= workspace.plan.maxProductionKeys) {
        throw new ServiceError('RESOURCE_EXHAUSTED', 'Maximum number of production API keys reached.');
      }
    }
    const settings: Record<string, boolean> = {};
    for (const flag of [
      'useEmailService',
      'useWebhookService',
      'useNotificationService',
      'setDefaultNotificationTriggers',
      'setDefaultEmailTriggers',
      'requireAutoOrgUser',
      'enablePrivateComments',
    ] as const) {
      const value = data[flag];
      if (value !== undefined) settings[flag] = value;
    }
    const domains = [...(data.allowedDomains ?? [])];
    if (data.addLocalHostToAllowedDomains && !domains.includes('localhost')) domains.push('localhost');
    const input: Parameters<typeof storeApiKey>[2] = { ownerEmail: data.ownerEmail, type: data.type, allowedDomains: domains, settings };
    if (data.apiKeyName !== undefined) input.apiKeyName = data.apiKeyName;
    if (data.createAuthToken !== undefined) input.createAuthToken = data.createAuthToken;
    if (data.persistenceDBRegion !== undefined) input.persistenceDBRegion = data.persistenceDBRegion;
    if (data.realtimeDBRegion !== undefined) input.realtimeDBRegion = data.realtimeDBRegion;
    const key = storeApiKey(model, workspace, input);
    const ns = model.store.namespace(key.apiKey);
    if (data.useEmailService !== undefined || data.emailServiceConfig !== undefined || data.setDefaultEmailTriggers) {
      const email = emptyEmailConfig();
      Object.assign(email.emailServiceConfig, data.emailServiceConfig);
      if (data.setDefaultEmailTriggers) email.emailServiceConfig['triggers'] = { ...DEFAULT_EMAIL_TRIGGERS };
      email.useEmailService = data.useEmailService ?? false;
      model.store.undo.assign(ns.configs, 'email', email);
    }
    if (data.useWebhookService !== undefined || data.webhookServiceConfig !== undefined) {
      const webhook = emptyWebhookConfig();
      Object.assign(webhook.webhookServiceConfig, data.webhookServiceConfig);
      webhook.useWebhookService = data.useWebhookService ?? false;
      model.store.undo.assign(ns.configs, 'webhook', webhook);
    }
    const out: Record<string, string> = { apiKey: key.apiKey };
    const token = key.authTokens[0];
    if (data.createAuthToken && token) out['authToken'] = token.token;
    return { data: out };
  },
});

/** `POST /v2/workspace/authtokens/get`: the auth tokens of one key of this workspace. */
export const getAuthTokens = defineOperation({
  auth: 'workspace',
  summary: 'Get the auth tokens of an API key',
  message: 'Auth tokens retrieved successfully.',
  schema: z.object({ apiKey: requiredString() }),
  run({ data, caller, model }) {
    const workspace = workspaceOf(caller);
    const key = model.store.tables.apiKeys.get(data.apiKey);
    if (!key || key.workspaceId !== workspace.id) throw new ServiceError('NOT_FOUND', 'API key not found.');
    return {
      data: { apiKey: key.apiKey, authTokens: key.authTokens.map((t) => ({ token: t.token, name: t.name, domains: [...t.domains] })) },
    };
  },
});
