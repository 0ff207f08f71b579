/**
 * IP addresses and CIDR ranges as bytes: parsing (IPv4 dotted, IPv6 with `::` and an embedded IPv4 tail), range
 * membership, and the kind of an address a webhook target policy decides on. Pure and linear in the input.
 */

/** What an address is, for deciding where a request may go. */
export type AddressKind = 'unspecified' | 'loopback' | 'link-local' | 'metadata' | 'not-unicast' | 'private' | 'public';

/** An IPv4 (4 bytes) or IPv6 (16 bytes) address. */
export type IpBytes = readonly number[];

/** A range of addresses: the first `bits` bits of `base`. */
export interface Cidr {
  readonly base: IpBytes;
  readonly bits: number;
}

const IPV4 = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/;

function parseV4(text: string): number[] | undefined {
  const m = IPV4.exec(text);
  if (!m) return undefined;
  const bytes = m.slice(1).map(Number);
  return bytes.every((b) => b <= 255) ? bytes : undefined;
}

function parseV6(text: string): number[] | undefined {
  if (text.length > 45 || !/^[0-9a-f:.]+$/.test(text)) return undefined;
  let head = text;
  let tail: number[] = [];
  const lastColon = text.lastIndexOf(':');
  if (text.includes('.', lastColon)) {
    // An IPv4 tail (`::ffff:1.2.3.4`) stands for the last two groups.
    const v4 = parseV4(text.slice(lastColon + 1));
    if (!v4) return undefined;
    tail = v4;
    const prefix = text.slice(0, lastColon + 1);
    head = prefix.endsWith('::') ? prefix : prefix.slice(0, -1);
  }
  const halves = head.split('::');
  if (halves.length > 2) return undefined;
  const groups = (part: string): number[] | undefined => {
    if (part === '') return [];
    const out: number[] = [];
    for (const group of part.split(':')) {
      if (!/^[0-9a-f]{1,4}$/.test(group)) return undefined;
      const value = Number.parseInt(group, 16);
      out.push(value >> 8, value & 255);
    }
    return out;
  };
  const left = groups(halves[0] as string);
  const right = halves.length === 2 ? groups(halves[1] as string) : [];
  if (!left || !right) return undefined;
  const given = left.length + right.length + tail.length;
  if (halves.length === 1 ? given !== 16 : given > 14) return undefined;
  return [...left, ...new Array<number>(16 - given).fill(0), ...right, ...tail];
}

/**
 * The bytes of an IP address literal (brackets around IPv6 allowed), or undefined when it is not one.
 * @example parseIp('[::1]') // [0, ..., 0, 1]
 */
export function parseIp(text: string): IpBytes | undefined {
  const t = text
    .trim()
    .toLowerCase()
    .replace(/^\[(.*)\]$/, '$1');
  return parseV4(t) ?? (t.includes(':') ? parseV6(t) : undefined);
}

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
 * A CIDR range (`10.0.0.0/8`, `fd00::/8`) or a single address (`192.168.1.5`), or undefined when it is neither.
 * @example parseCidr('192.168.0.0/16')?.bits // 16
 */
export function parseCidr(text: string): Cidr | undefined {
  const slash = text.indexOf('/');
  const base = parseIp(slash === -1 ? text : text.slice(0, slash));
  if (!base) return undefined;
  const max = base.length * 8;
  const rawBits = slash === -1 ? String(max) : text.slice(slash + 1);
  if (!/^\d{1,3}$/.test(rawBits) || Number(rawBits) > max) return undefined;
  return { base, bits: Number(rawBits) };
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
