import type { MigrationProgression } from './model/migrations.js';
import type { WorkspacePlan } from './model/state/entities.js';
import type { WebhookDeliveryMode } from './model/webhooks/port.js';
import type { ApiCall } from './protocol/call.js';
import type { ClockOption } from './support/clock.js';

/** Options of `createMockService`; every one has a deterministic default. */
export interface MockServiceOptions {
  /** Seed of every generated id, token and secret. Default 1; taken from the file when `state` is given. */
  seed?: number;
  /** Start from a state `service.exportState()` wrote (text or parsed); its seed comes with it. */
  state?: string | object;
  /** A clock, `'system'`, or the start instant of a virtual clock. Default: virtual, 2026-01-01T00:00:00Z. */
  clock?: ClockOption;
  /** The default workspace seeded at creation. */
  workspace?: { ownerEmail?: string; name?: string; workspaceName?: string; plan?: Partial<WorkspacePlan> };
  /** Authenticated get-workspace calls per workspace per rolling 60 s; 0 disables. Default 100. */
  workspaceReadLimit?: number;
  /** Email domains create-workspace refuses. Default none. */
  disposableEmailDomains?: string[];
  /** How migrations advance: `poll` (default), `immediate`, `manual`, `clock` or `failing`. */
  migrations?: MigrationProgression;
  /** Milliseconds per migration state for `migrations: 'clock'`. Default 5000. */
  migrationStepMs?: number;
  /** `iss` of end-user tokens. Default `https://collab-service.test`. */
  issuer?: string;
  /** Hosts a login link's `continueUrl` may name. Default the console host `console.collab-service.test` and `localhost`. */
  loginLinkHosts?: string[];
  /** Delete-all-user-data answers its documented 202 body (default `true`) or, with `false`, the usual 200 envelope. */
  userDataDeleteAccepted?: boolean;
  /** How many calls the request journal keeps (`service.journal`, `GET /__mock/requests`); 0 turns it off. Default 1000. */
  journalLimit?: number;
  /**
   * Webhook delivery: `record` (default in process: deliveries are kept in the outbox, nothing is sent), `fetch`
   * (real requests with the global `fetch`, which a test's own msw handler may answer) or a sender function.
   * The standalone server switches a recording service to real HTTP. `allow` lists the private network destinations
   * (CIDR ranges such as `10.0.0.0/8`, addresses, host names) deliveries may go to besides loopback and public hosts.
   */
  webhooks?: { deliver?: WebhookDeliveryMode; allow?: readonly string[] };
  /**
   * Documents get/update v2 with ids that do not exist: `documented` (default) answers 500 `INTERNAL` with the
   * per-item results in `details`, as the reference shows; `notFound` sends the same body as 404 `NOT_FOUND`.
   */
  missingDocuments?: 'documented' | 'notFound';
  /**
   * Web pages that may read API replies besides pages on loopback origins (`localhost`, `127.0.0.1`, `[::1]`, any
   * port): origins such as `https://app.example:8443`. Default none.
   */
  cors?: { origins?: readonly string[] };
  /**
   * The prefix of the four auth headers, for a client that already sends its own names: `x-acme-` makes the service
   * read `x-acme-api-key`, `x-acme-auth-token`, `x-acme-workspace-id` and `x-acme-workspace-auth-token`. CORS, the
   * journal's redaction, the OpenAPI document and `credentials.headers` follow. Default `x-service-`.
   */
  headerPrefix?: string;
  /**
   * The seeded workspace's credentials, for a client that already holds values (an `.env.test`): exactly these are
   * valid, they survive `reset()`, and the rest are generated from the seed. Each must fit the service's id rules
   * (an API key and a workspace id are 20 characters of `[A-Za-z0-9]`, tokens 32 lowercase hex characters).
   */
  credentials?: CredentialValues;
  /** Called for each unexpected exception (answered as 500 INTERNAL). Default: `console.error`. */
  onInternalError?: (error: unknown, call: ApiCall) => void;
}

/** Values of the seeded credentials a service is told to accept (`createMockService({ credentials })`). */
export interface CredentialValues {
  /** 20 characters of `[A-Za-z0-9]`. */
  apiKey?: string;
  /** 32 lowercase hex characters: the API key's default auth token. */
  authToken?: string;
  /** 20 characters of `[A-Za-z0-9]`. */
  workspaceId?: string;
  /** 32 lowercase hex characters. */
  workspaceAuthToken?: string;
}

/** The default credentials a fresh service is seeded with. */
export interface Credentials {
  workspaceId: string;
  workspaceAuthToken: string;
  apiKey: string;
  authToken: string;
  /** `x-service-api-key` and `x-service-auth-token` (named under `headerPrefix` when set), ready for `fetch`. */
  headers: Record<string, string>;
  /** `x-service-workspace-id` and `x-service-workspace-auth-token` (named under `headerPrefix` when set), ready for `fetch`. */
  workspaceHeaders: Record<string, string>;
}

/** The id rules each credential must fit (service-facts 2.5), with how they read in a message. */
const CREDENTIAL_RULES: Record<keyof CredentialValues, { pattern: RegExp; words: string }> = {
  apiKey: { pattern: /^[A-Za-z0-9]{20}$/, words: "20 characters of A-Z, a-z and 0-9, as the service's API keys are" },
  authToken: { pattern: /^[0-9a-f]{32}$/, words: "32 lowercase hex characters (0-9, a-f), as the service's auth tokens are" },
  workspaceId: { pattern: /^[A-Za-z0-9]{20}$/, words: "20 characters of A-Z, a-z and 0-9, as the service's workspace ids are" },
  workspaceAuthToken: { pattern: /^[0-9a-f]{32}$/, words: "32 lowercase hex characters (0-9, a-f), as the service's auth tokens are" },
};

/**
 * Checks given credentials against the service's id rules; throws a message naming the first that breaks them, as
 * `names` spells it (`credentials.apiKey` by default; the CLI passes its flags).
 * @example checkCredentials({ apiKey: 'abc' }) // throws: credentials.apiKey must be 20 characters ...
 */
export function checkCredentials(given: unknown, names: Partial<Record<keyof CredentialValues, string>> = {}): CredentialValues {
  if (given === undefined) return {};
  if (typeof given !== 'object' || given === null || Array.isArray(given)) {
    throw new TypeError(`credentials must be an object { apiKey, authToken, workspaceId, workspaceAuthToken }; got ${JSON.stringify(given)}.`);
  }
  const out: CredentialValues = {};
  for (const [key, value] of Object.entries(given)) {
    const rule = Object.hasOwn(CREDENTIAL_RULES, key) ? CREDENTIAL_RULES[key as keyof CredentialValues] : undefined;
    if (!rule) throw new TypeError(`credentials.${key} is not a credential; use apiKey, authToken, workspaceId or workspaceAuthToken.`);
    if (value === undefined) continue;
    if (typeof value !== 'string' || !rule.pattern.test(value)) {
      throw new TypeError(`${names[key as keyof CredentialValues] ?? `credentials.${key}`} must be ${rule.words}; got ${JSON.stringify(value)}.`);
    }
    out[key as keyof CredentialValues] = value;
  }
  return out;
}

/** The default base URL the msw handlers answer and token issuers name. */
export const DEFAULT_BASE_URL = 'https://collab-service.test';
