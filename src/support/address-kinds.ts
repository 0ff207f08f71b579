import { type Cidr, type IpBytes, parseCidr } from './addresses.js';

/**
 * What an address is, for deciding where a request may go: the ranges of loopback, link-local, cloud metadata,
 * private and other addresses, and range membership. Loaded with the webhook target policy, on its first use.
 */

/** What an address is, for deciding where a request may go. */
export type AddressKind = 'unspecified' | 'loopback' | 'link-local' | 'metadata' | 'not-unicast' | 'private' | 'public';

/** The IPv4 address an IPv6 one carries (mapped `::ffff:a.b.c.d`, compatible `::a.b.c.d`, NAT64 `64:ff9b::/96`). */
function embeddedV4(bytes: IpBytes): IpBytes | undefined {
  if (bytes.length !== 16) return undefined;
  const zeros = (from: number, to: number) => bytes.slice(from, to).every((b) => b === 0);
  const tail = bytes.slice(12);
  if (zeros(0, 10) && bytes[10] === 255 && bytes[11] === 255) return tail;
  if (zeros(0, 12) && !(tail[0] === 0 && tail[1] === 0 && tail[2] === 0)) return tail;
  if (bytes[0] === 0 && bytes[1] === 0x64 && bytes[2] === 0xff && bytes[3] === 0x9b && zeros(4, 12)) return tail;
  return undefined;
}

/**
 * Whether an address lies in a range (an IPv4 range also holds the IPv4 addresses IPv6 ones carry).
 * @example inCidr(parseIp('10.1.2.3')!, parseCidr('10.0.0.0/8')!) // true
 */
export function inCidr(address: IpBytes, range: Cidr): boolean {
  const bytes = address.length === range.base.length ? address : (embeddedV4(address) ?? address);
  if (bytes.length !== range.base.length) return false;
  for (let bit = 0; bit < range.bits; bit++) {
    const mask = 0x80 >> (bit % 8);
    const i = Math.floor(bit / 8);
    if (((bytes[i] as number) & mask) !== ((range.base[i] as number) & mask)) return false;
  }
  return true;
}

const ranges = (entries: readonly string[]): Cidr[] => entries.map((e) => parseCidr(e) as Cidr);

/** Where cloud providers answer instance-metadata requests, beyond the link-local range. */
const METADATA = ranges(['100.100.100.200/32', 'fd00:ec2::254/128']);
const KINDS: readonly [Exclude<AddressKind, 'public' | 'metadata'>, Cidr[]][] = [
  ['unspecified', ranges(['0.0.0.0/8', '::/128'])],
  ['loopback', ranges(['127.0.0.0/8', '::1/128'])],
  ['link-local', ranges(['169.254.0.0/16', 'fe80::/10'])],
  ['not-unicast', ranges(['224.0.0.0/4', '240.0.0.0/4', 'ff00::/8'])],
  ['private', ranges(['10.0.0.0/8', '172.16.0.0/12', '192.168.0.0/16', '100.64.0.0/10', 'fc00::/7'])],
];

/**
 * What an address is: loopback (this machine), link-local or a cloud metadata address, unspecified (`0.0.0.0`,
 * `::`), not unicast (multicast, broadcast, reserved), private (RFC 1918, shared, unique local) or public.
 * @example addressKind(parseIp('169.254.169.254')!) // 'link-local'
 */
export function addressKind(address: IpBytes): AddressKind {
  if (METADATA.some((range) => inCidr(address, range))) return 'metadata';
  const bytes = embeddedV4(address) ?? address;
  for (const [kind, list] of KINDS) if (list.some((range) => inCidr(bytes, range))) return kind;
  return 'public';
}
