/**
 * IP addresses and CIDR ranges parsed to bytes: IPv4 dotted, IPv6 with `::` and an embedded IPv4 tail. Pure and
 * linear in the input. What an address is (`address-kinds.ts`) is read only where webhooks are checked.
 */

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
