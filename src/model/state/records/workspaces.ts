/** The records of workspaces, their API keys, auth tokens and login links (service-facts 3.1 to 3.4). */

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
  /** `false`: the owner's e-mail is not verified yet (a fixture setting; absent means verified). */
  emailVerified?: boolean;
  /** Login links sent to the owner, oldest first (kept, never mailed). */
  loginLinks?: LoginLinkRecord[];
}

/** A login link the service would have e-mailed. */
export interface LoginLinkRecord {
  email: string;
  continueUrl: string;
  link: string;
  /** Milliseconds. */
  at: number;
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
