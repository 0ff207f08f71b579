/**
 * The glossary: every record the service holds. Plain data only (no classes, no HTTP, no schemas),
 * so the whole state can be cloned, snapshotted and compared.
 */

import type { Doc as YDoc } from 'yjs';
import type { AgentsState } from './records/agents.js';
import type { MemoryInsights } from './records/insights.js';
import type { KnowledgeBase } from './records/knowledge.js';
import type { JudgmentRecord } from './records/memory.js';
import type { MigrationRecord } from './records/migrations.js';
import type { NotificationConfigRecord, NotificationRecord, RosterChange } from './records/notifications.js';
import type { LiveStateRecord, PresenceRecord } from './records/presence.js';
import type { RewriterState } from './records/rewriter.js';
import type { UserDataJob } from './records/users.js';
import type { AdvancedWebhookEndpoint, WebhookOutbox } from './records/webhooks.js';
import type { WorkflowState } from './records/workflow.js';

export type { AgentsState } from './records/agents.js';
export type { JudgmentRecord } from './records/memory.js';
export type { MigrationRecord, MigrationStatus } from './records/migrations.js';
export type {
  EveryoneRecipients,
  NotificationChannel,
  NotificationConfigRecord,
  NotificationRecipient,
  NotificationRecord,
  NotificationSetting,
  RosterChange,
} from './records/notifications.js';
export type { LiveStateRecord, PresenceRecord } from './records/presence.js';
export type { UserDataJob } from './records/users.js';
export type {
  AdvancedWebhookEndpoint,
  DebouncedEditorChange,
  WebhookAttemptRecord,
  WebhookBodyEncoding,
  WebhookDeliveryKind,
  WebhookDeliveryRecord,
  WebhookDeliveryStatus,
  WebhookOutbox,
} from './records/webhooks.js';
export type { ApiKeyRecord, AuthTokenRecord, LoginLinkRecord, WorkspacePlan, WorkspaceRecord } from './records/workspaces.js';

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
  /** Workspace notification service (beyond-spec 3.26, 3.27). */
  notificationService?: { useNotificationService: boolean; notificationServiceConfig: Record<string, unknown> };
  /** Permission provider (beyond-spec 3.28, 3.29). */
  permissionProvider?: { usePermissionProvider: boolean; permissionProviderConfig: { permissionProviderUrl: string; authToken: string } };
  /** API key settings (beyond-spec 3.24, 3.25); AI keys are kept raw here and only ever returned masked. */
  apiKeyConfig?: {
    defaultDocumentAccessType?: 'public' | 'restricted' | 'organizationPrivate';
    isPrivateCommentsEnabled?: boolean;
    requireJwtToken?: boolean;
    requireAutoOrgUser?: boolean;
    aiModels?: Record<string, string>;
  };
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
  /** Knowledge sources, upload slots and their settings (beyond-spec-4 4.3.0 C); absent until the key's first knowledge call. */
  knowledge?: KnowledgeBase;
  /** Alerts, alert settings and seeded insights (beyond-spec-4 4.3.0 D); absent until the first write. */
  insights?: MemoryInsights;
  /** Scripted rewriter outputs (beyond-spec-4 4.4); absent until the first script. */
  rewriter?: RewriterState;
  /** Webhook deliveries; absent until the key's first one. */
  webhookOutbox?: WebhookOutbox;
  /** Presence by `[organizationId, documentId]` key, then userId (beyond-spec 3.14); absent until the first one. */
  presence?: Map<string, Map<string, PresenceRecord>>;
  /** Live-state values by `[organizationId, documentId]` key, then `liveStateDataId` (beyond-spec 3.13). */
  liveState?: Map<string, Map<string, LiveStateRecord>>;
  /** Delete-all-user-data jobs by id (beyond-spec 3.10); absent until the first one. */
  userDataJobs?: Map<string, UserDataJob>;
  /** Review agents, their groups, executions and control-plane settings (beyond-spec-4 4.1); absent until the first write. */
  agents?: AgentsState;
  /** Shared-editor data: organizationId -> documentId -> editorId -> entry (service-facts 4.1). */
  editors: Map<string, Map<string, Map<string, EditorRecord>>>;
  /** The approval workflow engine (beyond-spec-4 4.2); absent until the key's first workflow write. */
  workflow?: WorkflowState;
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
