import type { ModelContext } from '../state/context.js';
import type { ApiKeyRecord, KeyConfigs, Namespace } from '../state/entities.js';

type ApiKeyConfig = NonNullable<KeyConfigs['apiKeyConfig']>;
type NotificationService = NonNullable<KeyConfigs['notificationService']>;
type PermissionProvider = NonNullable<KeyConfigs['permissionProvider']>;

/** AI model providers whose keys the API key config stores. */
export const AI_PROVIDERS = ['openai', 'anthropic', 'gemini'] as const;

/** The masked form of a secret: first 7 characters, `...`, last 3 (only `...` and the last 3 when shorter than 11). */
export function maskSecret(secret: string): string {
  return secret.length < 11 ? `...${secret.slice(-3)}` : `${secret.slice(0, 7)}...${secret.slice(-3)}`;
}

function maskedModels(models: Record<string, string> | undefined): Record<string, { displayText: string }> | undefined {
  if (!models || Object.keys(models).length === 0) return undefined;
  const out: Record<string, { displayText: string }> = {};
  for (const [provider, secret] of Object.entries(models)) out[provider] = { displayText: maskSecret(secret) };
  return out;
}

/**
 * The API key config as get returns it (beyond-spec 3.24): create-time flags, then stored changes; AI keys masked.
 * @example apiKeyConfigView(key, ns).defaultDocumentAccessType === 'public'
 */
export function apiKeyConfigView(key: ApiKeyRecord, ns: Namespace): Record<string, unknown> {
  const stored = ns.configs.apiKeyConfig ?? {};
  const view: Record<string, unknown> = {
    ownerEmail: key.ownerEmail,
    planInfo: { type: key.type === 'testing' ? 'sdk test' : 'production' },
    defaultDocumentAccessType: stored.defaultDocumentAccessType ?? 'public',
    isPrivateCommentsEnabled: stored.isPrivateCommentsEnabled ?? key.settings['enablePrivateComments'] ?? false,
    requireJwtToken: stored.requireJwtToken ?? false,
    requireAutoOrgUser: stored.requireAutoOrgUser ?? key.settings['requireAutoOrgUser'] ?? false,
  };
  const models = maskedModels(stored.aiModels);
  if (models) view['aiModelsConfig'] = models;
  return view;
}

/** What the API key config update takes; every field optional, AI keys per provider. */
export interface ApiKeyConfigUpdate {
  enablePrivateComments?: boolean | undefined;
  requireJwtToken?: boolean | undefined;
  requireAutoOrgUser?: boolean | undefined;
  defaultDocumentAccessType?: 'public' | 'restricted' | 'organizationPrivate' | undefined;
  aiModelApiKey?: { provider: string; customerApiKey: string }[] | undefined;
}

/**
 * Merges an API key config update field by field (nothing is removed) and returns the post-write values of the
 * fields sent, AI keys as masked `aiModelsConfig` (beyond-spec 3.25).
 * @example updateApiKeyConfig(ns, { requireJwtToken: true }) // { requireJwtToken: true }
 */
export function updateApiKeyConfig(ctx: ModelContext, ns: Namespace, update: ApiKeyConfigUpdate): Record<string, unknown> {
  const next: ApiKeyConfig = structuredClone(ns.configs.apiKeyConfig ?? {});
  const echo: Record<string, unknown> = {};
  if (update.enablePrivateComments !== undefined) echo['enablePrivateComments'] = next.isPrivateCommentsEnabled = update.enablePrivateComments;
  if (update.requireJwtToken !== undefined) echo['requireJwtToken'] = next.requireJwtToken = update.requireJwtToken;
  if (update.requireAutoOrgUser !== undefined) echo['requireAutoOrgUser'] = next.requireAutoOrgUser = update.requireAutoOrgUser;
  if (update.defaultDocumentAccessType !== undefined) echo['defaultDocumentAccessType'] = next.defaultDocumentAccessType = update.defaultDocumentAccessType;
  if (update.aiModelApiKey !== undefined) {
    next.aiModels ??= {};
    for (const { provider, customerApiKey } of update.aiModelApiKey) next.aiModels[provider] = customerApiKey;
    echo['aiModelsConfig'] = maskedModels(next.aiModels);
  }
  ctx.store.undo.assign(ns.configs, 'apiKeyConfig', next);
  return echo;
}

/** The standard notification triggers a first enable seeds (the email defaults' comment set, all huddle events). */
export const DEFAULT_NOTIFICATION_TRIGGERS: Readonly<Record<'comment' | 'huddle', Readonly<Record<string, boolean>>>> = {
  comment: {
    'comment_annotation.add': true,
    'comment.add': true,
    'comment_annotation.status_change': true,
    'comment_annotation.assign': true,
    'comment_annotation.priority_change': true,
  },
  huddle: { 'huddle.create': true, 'huddle.join': true },
};

/** The documented never-configured notification config: service off, empty triggers, delay and batch off at their minimums. */
function notificationDefaults(): NotificationService {
  const batch = { isEnabled: false, batchWindowSeconds: 10, maxActivities: 2 };
  return {
    useNotificationService: false,
    notificationServiceConfig: {
      triggers: { comment: {}, huddle: {} },
      delayConfig: { isEnabled: false, delaySeconds: 10 },
      batchConfig: { document: { ...batch }, user: { ...batch } },
    },
  };
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Deep merge of plain objects: `update` wins field by field, nested objects merge, `undefined` is skipped. */
function deepMerge(target: Record<string, unknown>, update: Record<string, unknown>): Record<string, unknown> {
  for (const [field, value] of Object.entries(update)) {
    if (value === undefined) continue;
    const current = target[field];
    target[field] = isRecord(value) && isRecord(current) ? deepMerge({ ...current }, value) : structuredClone(value);
  }
  return target;
}

/**
 * The workspace notification config (beyond-spec 3.26): what is stored over the documented defaults. A key
 * created with `useNotificationService` or `setDefaultNotificationTriggers` starts from those.
 * @example notificationServiceView(key, ns).useNotificationService === false
 */
export function notificationServiceView(key: ApiKeyRecord, ns: Namespace): NotificationService {
  const base = notificationDefaults();
  const stored = ns.configs.notificationService ?? createTimeNotificationService(key);
  if (!stored) return base;
  return {
    useNotificationService: stored.useNotificationService,
    notificationServiceConfig: deepMerge(base.notificationServiceConfig, stored.notificationServiceConfig),
  };
}

function createTimeNotificationService(key: ApiKeyRecord): NotificationService | undefined {
  const use = key.settings['useNotificationService'];
  const seed = key.settings['setDefaultNotificationTriggers'] === true;
  if (use === undefined && !seed) return undefined;
  return { useNotificationService: use ?? false, notificationServiceConfig: seed ? { triggers: structuredClone(DEFAULT_NOTIFICATION_TRIGGERS) } : {} };
}

/**
 * Deep-merges a notification config update (beyond-spec 3.27). A first enable with no stored triggers seeds the
 * standard triggers before the request's values go on top. Returns the stored config after the write.
 * @example updateNotificationService(ctx, key, ns, { useNotificationService: true }).notificationServiceConfig.triggers
 */
export function updateNotificationService(
  ctx: ModelContext,
  key: ApiKeyRecord,
  ns: Namespace,
  update: { useNotificationService?: boolean | undefined; notificationServiceConfig?: Record<string, unknown> | undefined },
): NotificationService {
  const next: NotificationService = structuredClone(
    ns.configs.notificationService ?? createTimeNotificationService(key) ?? { useNotificationService: false, notificationServiceConfig: {} },
  );
  if (update.useNotificationService === true && next.notificationServiceConfig['triggers'] === undefined) {
    next.notificationServiceConfig['triggers'] = structuredClone(DEFAULT_NOTIFICATION_TRIGGERS);
  }
  if (update.useNotificationService !== undefined) next.useNotificationService = update.useNotificationService;
  if (update.notificationServiceConfig) deepMerge(next.notificationServiceConfig, update.notificationServiceConfig);
  ctx.store.undo.assign(ns.configs, 'notificationService', next);
  return structuredClone(next);
}

/** The permission provider config; never configured reads as off with empty strings (beyond-spec 3.28). */
export function permissionProviderView(ns: Namespace): PermissionProvider {
  return structuredClone(
    ns.configs.permissionProvider ?? { usePermissionProvider: false, permissionProviderConfig: { permissionProviderUrl: '', authToken: '' } },
  );
}

/**
 * Merges a permission provider update; the token survives a URL-only change (beyond-spec 3.29).
 * @example updatePermissionProvider(ctx, ns, { usePermissionProvider: true }).permissionProviderConfig.authToken === ''
 */
export function updatePermissionProvider(
  ctx: ModelContext,
  ns: Namespace,
  update: {
    usePermissionProvider?: boolean | undefined;
    permissionProviderConfig?: { permissionProviderUrl?: string | undefined; authToken?: string | undefined } | undefined;
  },
): PermissionProvider {
  const next = permissionProviderView(ns);
  if (update.usePermissionProvider !== undefined) next.usePermissionProvider = update.usePermissionProvider;
  const config = update.permissionProviderConfig;
  if (config?.permissionProviderUrl !== undefined) next.permissionProviderConfig.permissionProviderUrl = config.permissionProviderUrl;
  if (config?.authToken !== undefined) next.permissionProviderConfig.authToken = config.authToken;
  ctx.store.undo.assign(ns.configs, 'permissionProvider', next);
  return structuredClone(next);
}
