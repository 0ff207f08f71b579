/**
 * The glossary: every record the service holds. Plain data only (no classes, no HTTP, no schemas),
 * so the whole state can be cloned, snapshotted and compared.
 */

/** A workspace and its owner; API keys hang off it by id. */
export interface WorkspaceRecord {
  id: string;
  name: string;
  owner: { email: string; id: string; name: string; avatar: string };
  authToken: string;
  /** API keys in creation order. */
  apiKeys: string[];
  plan: WorkspacePlan;
  /** Times (ms) of recent authenticated get-workspace calls, for the rolling rate limit. */
  recentReads: number[];
  createdAt: number;
}

/** What a workspace may do with production keys (fixture settings; service-facts 3.2). */
export interface WorkspacePlan {
  paid: boolean;
  selfServeProduction: boolean;
  maxProductionKeys: number;
  advancedWebhooksAvailable: boolean;
}

/** An auth token of an API key. */
export interface AuthTokenRecord {
  token: string;
  name: string;
  domains: string[];
}

/** An API key; its data lives in the namespace of the same key. */
export interface ApiKeyRecord {
  apiKey: string;
  workspaceId: string;
  apiKeyName: string;
  type: 'testing' | 'production';
  ownerEmail: string;
  authTokens: AuthTokenRecord[];
  /** Hex of the 32-byte HS256 secret that signs this key's end-user tokens. */
  signingSecret: string;
  allowedDomains: string[];
  persistenceDBRegion?: string;
  realtimeDBRegion?: string;
  settings: Record<string, boolean>;
  createdAt: number;
}

/** A user as attached at one level (organization, folder or document). Unknown fields are kept as given. */
export interface UserRecord {
  userId: string;
  name?: string | undefined;
  email?: string | undefined;
  initial?: string | undefined;
  accessRole?: 'viewer' | 'editor' | undefined;
  [field: string]: unknown;
}

export interface FolderRecord {
  folderId: string;
  folderName?: string;
  users: Map<string, UserRecord>;
  createdAt: number;
}

export interface DocumentRecord {
  documentId: string;
  /** The service's internal 16-digit id, returned as the per-item `id` of add documents. */
  id: string;
  documentName?: string;
  folderId?: string;
  accessType?: 'public' | 'restricted';
  disabled?: boolean;
  /** Custom fields sent with the document, stored as given. */
  extra: Record<string, unknown>;
  users: Map<string, UserRecord>;
  createdAt: number;
}

export interface GroupRecord {
  groupId: string;
  groupName: string;
  /** Member userIds in joining order. */
  members: Set<string>;
}

/** A stored notification (service-facts 6.1). `documentId`, `locationId` and recipients index it. */
export interface NotificationRecord {
  id: string;
  organizationId: string;
  documentId: string;
  locationId?: string | number;
  timestamp: number;
  /** userIds still holding the notification (a user-scoped delete removes one). */
  recipients: string[];
  /** The record as the read operations return it. */
  record: Record<string, unknown>;
}

/** Per user and document (or organization default when `documentId` is undefined). */
export interface NotificationConfigRecord {
  userId: string;
  documentId?: string;
  config: Record<string, string>;
}

/** An activity record (service-facts 6.2). */
export interface ActivityRecord {
  id: string;
  immutable: boolean;
  [field: string]: unknown;
}

export interface OrganizationRecord {
  organizationId: string;
  /** md5 of the client organization id (per-item `id`). */
  id: string;
  disabled: boolean;
  createdAt: number;
  users: Map<string, UserRecord>;
  folders: Map<string, FolderRecord>;
  documents: Map<string, DocumentRecord>;
  groups: Map<string, GroupRecord>;
  notifications: Map<string, NotificationRecord>;
  notificationConfigs: Map<string, NotificationConfigRecord>;
  activities: Map<string, ActivityRecord>;
  /** Fixture records of the user-data export (service-facts 6.3 to 6.6). */
  comments: Record<string, unknown>[];
  reactions: Record<string, unknown>[];
  recordings: Record<string, unknown>[];
}

export type MigrationStatus = 'pending' | 'in_progress' | 'completed' | 'failed';

export interface MigrationRecord {
  migrationId: string;
  organizationId: string;
  documentId: string;
  newDocumentId: string;
  status: MigrationStatus;
  createdAt: number;
  /** Time of the last state change, for clock-driven progressions. */
  changedAt: number;
}

export interface AdvancedWebhookEndpoint {
  id: string;
  url: string;
  description: string | null;
  filterTypes: string[] | null;
  channels: string[] | null;
  disabled: boolean;
  rateLimit: number | null;
  uid: string | null;
  metadata: Record<string, string> | null;
  createdAt: string;
  updatedAt: string;
  secret: string;
}

/** A judgment a reviewer made, with the text that was judged (service-facts 3.42, emulator form). */
export interface JudgmentRecord {
  recordId: string;
  content: string;
  reasoning: string;
  decision: string;
  confidence: number;
  judgeType: 'human' | 'agent';
  contentType: string;
  actionUser: { userId: string; name?: string; email?: string };
  createdAt: number;
  organizationId?: string;
  documentId?: string;
  agent: Record<string, unknown> | null;
}

/** Settings of one API key (service-facts 3.5 to 3.14); absent = never configured. */
export interface KeyConfigs {
  email?: { useEmailService: boolean; emailServiceConfig: Record<string, unknown> };
  webhook?: { useWebhookService: boolean; webhookServiceConfig: Record<string, unknown> };
  advancedWebhook?: {
    isEnabled: boolean;
    encryptData: boolean;
    encodeData: boolean;
    publicKey: string;
    enableDataProtection: boolean;
  };
  activity?: Record<string, unknown>;
}

/** Everything stored under one API key (service-facts D4). */
export interface Namespace {
  apiKey: string;
  organizations: Map<string, OrganizationRecord>;
  configs: KeyConfigs;
  advancedWebhookEndpoints: AdvancedWebhookEndpoint[];
  migrations: Map<string, MigrationRecord>;
  judgments: JudgmentRecord[];
}
