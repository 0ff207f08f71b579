import { type Cidr, parseCidr } from '../../support/addresses.js';

/**
 * The private network destinations a service lets webhooks go to (`--webhook-allow`, option `webhooks.allow`),
 * parsed when the service is created. The policy that reads it (`targets.ts`) loads on its first use.
 */

const HOST_NAME = /^(?=.{1,253}$)[a-z0-9_](?:[a-z0-9_-]{0,61}[a-z0-9_])?(?:\.[a-z0-9_](?:[a-z0-9_-]{0,61}[a-z0-9_])?)*$/;

/** The allowed private destinations, parsed once. */
export interface WebhookAllowList {
  readonly ranges: readonly Cidr[];
  readonly names: ReadonlySet<string>;
}

/** A host name as compared: lower case, no trailing dot, no brackets. */
export const canonicalHost = (name: string): string =>
  name
    .trim()
    .toLowerCase()
    .replace(/^\[(.*)\]$/, '$1')
    .replace(/\.$/, '');

/**
 * Parses `webhooks.allow` entries (CIDR ranges, addresses, host names); throws a message naming a bad entry.
 * @example webhookAllowList(['10.0.0.0/8', 'receiver.lan'])
 */
export function webhookAllowList(entries: readonly string[] = []): WebhookAllowList {
  const ranges: Cidr[] = [];
  const names = new Set<string>();
  for (const entry of entries) {
    const range = typeof entry === 'string' ? parseCidr(entry.trim()) : undefined;
    if (range) ranges.push(range);
    else if (typeof entry === 'string' && HOST_NAME.test(canonicalHost(entry))) names.add(canonicalHost(entry));
    else {
      throw new TypeError(
        `Webhook destinations are allowed as CIDR ranges (10.0.0.0/8), addresses (192.168.1.5) or host names (receiver.lan); got ${JSON.stringify(entry)}.`,
      );
    }
  }
  return { ranges, names };
}
