import { addressKind, inCidr } from '../../support/address-kinds.js';
import { type IpBytes, parseIp } from '../../support/addresses.js';
import { canonicalHost as canonical, type WebhookAllowList } from './allow-list.js';

export type { WebhookAllowList } from './allow-list.js';
export { webhookAllowList } from './allow-list.js';

/**
 * Where webhooks may be delivered. Loopback and public hosts always (handlers run on localhost in development); never
 * the emulator's own control plane, link-local or cloud metadata addresses, `0.0.0.0`, multicast, or URLs with
 * credentials; private network addresses only when allowed (`--webhook-allow`, option `webhooks.allow`).
 */

/** Names of cloud instance-metadata services, refused like their addresses. */
const METADATA_NAMES = new Set(['metadata', 'metadata.google.internal', 'metadata.goog', 'instance-data', 'instance-data.ec2.internal']);

/** A URL as a message shows it: never its credentials. */
function shown(url: URL): string {
  return `${url.protocol}//${url.host}${url.pathname}`;
}

/** Why a delivery may not go to `address` (the URL's literal host, or what its name resolved to), if it may not. */
function addressRefusal(what: string, address: IpBytes, host: string, allow: WebhookAllowList): string | undefined {
  const kind = addressKind(address);
  switch (kind) {
    case 'unspecified':
      return `${what} is no host's address; use 127.0.0.1 or localhost for this machine.`;
    case 'link-local':
    case 'metadata':
      return `${what} is a link-local or cloud metadata address; webhooks are never delivered there.`;
    case 'not-unicast':
      return `${what} is a multicast, broadcast or reserved address; webhooks go to one host.`;
    case 'private':
      if (allow.names.has(canonical(host)) || allow.ranges.some((range) => inCidr(address, range))) return undefined;
      return `${what} is a private network address; start the server with --webhook-allow ${canonical(host)} (or a range such as 10.0.0.0/8; option webhooks.allow) to deliver there.`;
    default:
      return undefined;
  }
}

/**
 * Why webhooks may not be delivered to `url`, or undefined when they may. Names are checked again, on what they
 * resolve to, when an attempt connects (`resolvedTargetRefusal`).
 * @example webhookTargetRefusal('http://127.0.0.1:4780/__mock/reset', allow) // 'Webhook URL ... control plane ...'
 */
export function webhookTargetRefusal(raw: string, allow: WebhookAllowList): string | undefined {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return `Webhook URL ${raw} is not a valid URL.`;
  }
  if (url.username !== '' || url.password !== '') {
    return `Webhook URL ${shown(url)} carries credentials (user:password@host); they would go to every attempt and into logs. Remove them; receivers verify the signature instead.`;
  }
  let path = url.pathname;
  try {
    path = decodeURIComponent(path);
  } catch {
    // A malformed escape cannot name the control plane either way; the raw path is checked.
  }
  if (/(?:^|\/)__mock(?:\/|$)/i.test(path)) {
    return `Webhook URL ${shown(url)} points at the emulator's control plane (/__mock/...): a delivery there could reset or replace the emulator's state. Point it at your webhook handler.`;
  }
  const host = canonical(url.hostname);
  const address = parseIp(host);
  if (address) return addressRefusal(`Webhook URL ${shown(url)} names ${host}, which`, address, host, allow);
  if (METADATA_NAMES.has(host)) return `Webhook URL ${shown(url)} names ${host}, a cloud metadata service; webhooks are never delivered there.`;
  return undefined;
}

/**
 * Why an attempt may not connect to `address`, what the URL's host name resolved to (a name may resolve to a private
 * or metadata address, or change what it resolves to after the endpoint was created).
 * @example resolvedTargetRefusal('receiver.lan', '10.0.0.5', allow)
 */
export function resolvedTargetRefusal(host: string, address: string, allow: WebhookAllowList): string | undefined {
  const bytes = parseIp(address);
  if (!bytes) return `${host} resolved to ${address}, which is not an IP address.`;
  return addressRefusal(`${host} resolves to ${address}, which`, bytes, host, allow);
}
