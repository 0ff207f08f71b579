/**
 * The glossary: every record the service holds. Plain data only (no classes, no HTTP, no schemas),
 * so the whole state can be cloned, snapshotted and compared.
 */

import type { Doc as YDoc } from 'yjs';

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
  /** Unix seconds when a permission granted through the API ends; absent = no end. */
  expiresAt?: number | undefined;
  [field: string]: unknown;
}

/** Who may open a container: anyone signed in, users of the same organization, or only users granted it. */
export type AccessType = 'public' | 'organizationPrivate' | 'restricted';

/**
 * A folder. Optional fields are absent on folders created implicitly (users add, documents add with a
 * folderId): such a folder sits at the top level and takes the workspace default access.
 */
export interface FolderRecord {
  folderId: string;
  folderName?: string;
  /** The parent folder's id; absent = top level (`"root"` on the wire). */
  parentFolderId?: string;
  /** The folder's own access type; ignored while `inheritAccessFromParent` is true. */
  accessType?: AccessType;
  inheritAccessFromParent?: boolean;
  users: Map<string, UserRecord>;
  createdAt: number;
  /** Milliseconds; absent = never changed since `createdAt`. */
  lastUpdated?: number;
}

export interface DocumentRecord {
  documentId: string;
  /** The service's internal 16-digit id, returned as the per-item `id` of add documents. */
  id: string;
  documentName?: string;
  folderId?: string;
  /** The document's own access type; absent = the folder's (or the workspace default). */
  accessType?: AccessType;
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

/** A person holding a notification: a userId, the md5 of an email, or both (no raw email is kept). */
export interface NotificationRecipient {
  userId?: string;
  emailHash?: string;
}

/**
 * One change of an organization's organization-level users, as `notifyAll` notifications see them: the user
 * joined or changed (with the md5 of the userId and of the email, computed once here) or `left`.
 */
export interface RosterChange {
  userId: string;
  userIdHash: string;
  emailHash?: string;
  left?: true;
}

/**
 * The organization-level users a `notifyAll` notification went to: those at position `at` of the roster log,
 * except the action user and those who have since removed it (`left`); `emails` gives a recipient without an
 * email of its own the one the request named (userId, md5 of the email).
 */
export interface EveryoneRecipients {
  at: number;
  except: string;
  emails?: [string, string][];
  left?: string[];
}

/** A stored notification (service-facts 6.1). `documentId`, `locationId` and recipients index it. */
export interface NotificationRecord {
  id: string;
  organizationId: string;
  documentId: string;
  locationId?: string | number;
  timestamp: number;
  /**
   * People still holding the notification beyond `everyone` (a user-scoped delete removes one): with `notifyAll`,
   * only those named in `notifyUsers` who are not organization-level users.
   */
  recipients: NotificationRecipient[];
  /** With `notifyAll`: the organization-level users at the time, kept as one position of the roster log. */
  everyone?: EveryoneRecipients;
  /**
   * The fields as sent (personal data already dropped for resolver notifications). `id`, `timestamp`,
   * `metadata` ids and the recipient maps are rendered from the record on read.
   */
  record: Record<string, unknown>;
}

/** A delivery channel of notification settings (service-facts 3.34, 3.35). */
export type NotificationChannel = 'inbox' | 'email' | 'slack';

/** Which notifications a channel delivers. */
export type NotificationSetting = 'ALL' | 'MINE' | 'NONE';

/** Per user and document (or organization default when `documentId` is undefined). */
export interface NotificationConfigRecord {
  userId: string;
  documentId?: string;
  config: Partial<Record<NotificationChannel, NotificationSetting>>;
}

/** What an activity is about (service-facts 6.2). */
export type ActivityFeatureType = 'comment' | 'reaction' | 'recorder' | 'crdt' | 'custom';

/** An activity record (service-facts 6.2); fields beyond the listed ones are kept as given. */
export interface ActivityRecord {
  id: string;
  featureType?: ActivityFeatureType | undefined;
  /** e.g. `comment.add`. */
  actionType?: string | undefined;
  eventType?: string | undefined;
  actionUser?: { userId: string; name?: string | undefined; email?: string | undefined; [field: string]: unknown } | undefined;
  /** Milliseconds. */
  timestamp: number;
  metadata?: Record<string, unknown> | undefined;
  targetEntityId?: string | undefined;
  targetSubEntityId?: string | undefined;
  /** `{ <field>: { from, to } }`. */
  changes?: Record<string, { from?: unknown; to?: unknown }> | undefined;
  entityData?: unknown;
  entityTargetData?: unknown;
  /** Template with `{{var}}` placeholders; the display message itself is computed by clients, never stored. */
  displayMessageTemplate?: string | undefined;
  displayMessageTemplateData?: Record<string, unknown> | undefined;
  actionIcon?: string | undefined;
  /** `true`: the REST update (and delete) refuses the record. */
  immutable: boolean;
  isActivityResolverUsed?: boolean | undefined;
  [field: string]: unknown;
}

export interface OrganizationRecord {
  organizationId: string;
  /** md5 of the client organization id (per-item `id`). */
  id: string;
  organizationName?: string;
  /** Custom metadata sent with add or update organizations, stored as given. */
  extra?: Record<string, unknown>;
  disabled: boolean;
  createdAt: number;
  users: Map<string, UserRecord>;
  folders: Map<string, FolderRecord>;
  documents: Map<string, DocumentRecord>;
  groups: Map<string, GroupRecord>;
  notifications: Map<string, NotificationRecord>;
  notificationConfigs: Map<string, NotificationConfigRecord>;
  activities: Map<string, ActivityRecord>;
  /** Changes of the organization-level users, logged once a `notifyAll` notification refers to them. */
  roster?: RosterChange[];
  /** Comment threads per client document id (beyond-spec 1.0, service-facts 6.3, 6.4). */
  comments: Map<string, DocumentThreads>;
  /** Fixture records of the user-data export (service-facts 6.5, 6.6). */
  reactions: Record<string, unknown>[];
  recordings: Record<string, unknown>[];
}

/** A user as embedded in thread records: `userId` plus whatever the stored user or the request gave. */
export interface ThreadUser {
  userId: string;
  [field: string]: unknown;
}

/** A comment annotation in its stored (and read) shape; fields in the documented order. */
export type ThreadRecord = Record<string, unknown> & {
  annotationId: string;
  annotationNumber: number;
  createdAt: number;
  lastUpdated: number;
  from: ThreadUser;
  comments: CommentRecord[];
  metadata: Record<string, unknown>;
};

/** A comment in its stored shape; `lastUpdated` is an ISO string, `createdAt` milliseconds. */
export type CommentRecord = Record<string, unknown> & { commentId: number; from: ThreadUser };

/** The threads of one document, in storage order, and the next `annotationNumber` to hand out. */
export interface DocumentThreads {
  next: number;
  threads: Map<string, ThreadRecord>;
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

/** How a delivery's body is written (service-facts 7.7): plain JSON, base64 of the JSON text, or encrypted. */
export type WebhookBodyEncoding = 'json' | 'base64' | 'encrypted';

/** Where a delivery stands: waiting for an attempt, answered with a 2xx, given up on, or stopped with its endpoint. */
export type WebhookDeliveryStatus = 'pending' | 'delivered' | 'failed' | 'cancelled';

/** One attempt at a delivery: when it started (service time) and how the receiver answered. */
export interface WebhookAttemptRecord {
  /** Milliseconds, service time. */
  at: number;
  /** The receiver's HTTP status, or `null` when none came (refused, timed out). */
  statusCode: number | null;
  /** Why the attempt failed without a status, e.g. `timeout after 15000 ms`. */
  error: string | null;
}

/** One webhook request the service makes to one receiver, with its attempts (service-facts 7.3, 7.4, 7.6). */
export interface WebhookDeliveryRecord {
  /** Position in the key's outbox, creation order. */
  seq: number;
  kind: 'advanced' | 'basic';
  /** `msg_` id (advanced; the same on every attempt and for every endpoint of one event), or the payload's `webhookId` (basic). */
  messageId: string;
  /** The event type, e.g. `comment.add`. */
  event: string;
  /** `ep_` id of the advanced endpoint; `null` for basic deliveries. */
  endpointId: string | null;
  /** Basic deliveries: which configured URL (`raw` or `processed`). */
  target: 'raw' | 'processed' | null;
  url: string;
  /** The payload as JSON before encoding and encryption. */
  payload: Record<string, unknown>;
  encoding: WebhookBodyEncoding;
  /** The raw body as sent; `null` until an encrypted body has been prepared. */
  body: string | null;
  /** Encrypted deliveries: the seeded AES key and IV (base64) and the RSA public key they are sealed for. */
  cipher: { key: string; iv: string; publicKey: string; encoded: boolean } | null;
  /** Headers that do not change between attempts (content type; `Authorization` for basic deliveries). */
  headers: Record<string, string>;
  /** Milliseconds, service time. */
  createdAt: number;
  status: WebhookDeliveryStatus;
  attempts: WebhookAttemptRecord[];
  /** Milliseconds, service time; `null` once the delivery is settled. */
  nextAttemptAt: number | null;
}

/** A shared-editor change waiting out its debounce before it becomes a `crdt.update_data` webhook. */
export interface DebouncedEditorChange {
  organizationId: string;
  documentId: string;
  editorId: string;
  /** Milliseconds, service time. */
  dueAt: number;
}

/** The webhook deliveries of one API key and what decides their next attempts. */
export interface WebhookOutbox {
  deliveries: WebhookDeliveryRecord[];
  /** `seq` of every pending delivery, so finding due attempts touches only those. */
  pending: number[];
  /** Endpoint id -> service time of its first failure since its last success. */
  failingSince: Record<string, number>;
  /** `[organizationId, documentId, editorId]` as JSON -> the debounced change. */
  debounced: Record<string, DebouncedEditorChange>;
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
  activity?: ActivityServiceConfig;
}

/** The stored activity-log config of a key (service-facts 3.13, 3.14); trigger keys are stored as sent. */
export interface ActivityServiceConfig {
  isEnabled?: boolean;
  /** Milliseconds. */
  enabledTime?: number;
  immutable?: boolean;
  /** Entity, then action: `{ comment: { added: true } }`. */
  triggers?: Record<string, Record<string, boolean>>;
}

/** Everything stored under one API key (service-facts D4). */
export interface Namespace {
  apiKey: string;
  organizations: Map<string, OrganizationRecord>;
  configs: KeyConfigs;
  advancedWebhookEndpoints: AdvancedWebhookEndpoint[];
  migrations: Map<string, MigrationRecord>;
  judgments: JudgmentRecord[];
  /** Webhook deliveries; absent until the key's first one. */
  webhookOutbox?: WebhookOutbox;
  /** Shared-editor data: organizationId -> documentId -> editorId -> entry (service-facts 4.1). */
  editors: Map<string, Map<string, Map<string, EditorRecord>>>;
}

/** The shared type of a content key (service-facts 4.3). */
export type CrdtType = 'text' | 'map' | 'array' | 'xml';

/**
 * One shared-editor entry: a live Yjs document plus the JSON snapshot the get operation returns.
 * `stored: false` marks a document a sync client or in-process caller opened before any content existed;
 * the REST operations treat it as absent until someone writes to it.
 */
export interface EditorRecord {
  editorId: string;
  doc: YDoc;
  stored: boolean;
  /** The shared type each content key was created with. */
  types: Record<string, CrdtType>;
  /** The content key written last; its JSON view is `data`. */
  contentKey: string | null;
  data: unknown;
  /** ISO 8601 from the service clock. */
  lastUpdate: string;
  lastUpdatedBy: string | null;
  sessionId: string | null;
}
