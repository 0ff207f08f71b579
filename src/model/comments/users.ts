/** Users as thread records embed them (service-facts 6.7): the stored user, expanded from what a request names. */
import { md5Hex } from '../../support/ids.js';
import type { DocumentRecord, OrganizationRecord, ThreadUser, UserRecord } from '../state/entities.js';

const PALETTE = ['#a259fe', '#67DBF4', '#F5A623', '#4A90E2', '#50E3C2', '#E94E77', '#7ED321', '#BD10E0'];

/** The user's record at the most specific level: document, then its folder, then the organization. */
function storedUser(org: OrganizationRecord, doc: DocumentRecord | undefined, userId: string): UserRecord | undefined {
  const folder = doc?.folderId === undefined ? undefined : org.folders.get(doc.folderId);
  return doc?.users.get(userId) ?? folder?.users.get(userId) ?? org.users.get(userId);
}

/**
 * The full embedded user of service-facts 6.7 for a user a request names: the stored user's fields under
 * the request's, with the derived fields (`clientUserName`, `name_lowercase`, `initial`, `email_lowercase`,
 * colours). A user the service does not know is kept as given, with the same derivations.
 * @example expandUser(org, doc, { userId: 'u1' }).name
 */
export function expandUser(org: OrganizationRecord, doc: DocumentRecord | undefined, given: ThreadUser): ThreadUser {
  const { accessRole: _role, ...known } = storedUser(org, doc, given.userId) ?? { userId: given.userId };
  const merged: Record<string, unknown> = { ...structuredClone(known), ...structuredClone(given) };
  const name = typeof merged['name'] === 'string' ? merged['name'] : undefined;
  const email = typeof merged['email'] === 'string' ? merged['email'] : undefined;
  const out: ThreadUser = { userId: given.userId, organizationId: org.organizationId };
  const put = (key: string, value: unknown): void => {
    if (value !== undefined) out[key] = value;
  };
  put('photoUrl', merged['photoUrl'] ?? '');
  put('initial', merged['initial'] ?? (name ? String.fromCodePoint(name.codePointAt(0) ?? 0).toUpperCase() : undefined));
  put('clientUserName', merged['clientUserName'] ?? name);
  put('name', name);
  put('name_lowercase', name?.toLowerCase().replace(/\s+/g, ''));
  put('groupId', merged['groupId']);
  put('type', merged['type'] ?? 'signedIn');
  put('contacts', merged['contacts'] ?? []);
  put('email', email);
  put('email_lowercase', email?.toLowerCase());
  put('color', merged['color'] ?? PALETTE[Number.parseInt(md5Hex(given.userId).slice(0, 6), 16) % PALETTE.length]);
  put('textColor', merged['textColor'] ?? '#FFFFFF');
  put('isAdmin', merged['isAdmin'] ?? false);
  for (const [key, value] of Object.entries(merged)) if (!(key in out) && key !== 'name_lowercase' && key !== 'email_lowercase') out[key] = value;
  return out;
}
