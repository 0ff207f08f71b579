/**
 * Where the workflow engine may send requests (beyond-spec-4 4.2.0 A, 4.2.6): https only, never a private, loopback
 * or link-local address, `localhost`, `metadata`, `metadata.google.internal` or a `*.internal` name. Hosts a key lists
 * as local targets (`POST /__mock/workflow/config`) are exempt from both rules, so a receiver on this machine works.
 */

/** Why a URL is refused: not https, or a host that resolves inside the network. */
export type TargetProblem = 'scheme' | 'host';

const NAMES = new Set(['localhost', 'metadata', 'metadata.google.internal']);

/** Whether an IPv4 literal is private, loopback, link-local, unspecified or carrier-grade NAT. */
function privateV4(host: string): boolean {
  const parts = host.split('.').map(Number);
  if (parts.length !== 4 || parts.some((p) => !Number.isInteger(p) || p < 0 || p > 255)) return false;
  const [a, b] = parts as [number, number, number, number];
  return (
    a === 0 ||
    a === 10 ||
    a === 127 ||
    (a === 169 && b === 254) ||
    (a === 172 && b >= 16 && b <= 31) ||
    (a === 192 && b === 168) ||
    (a === 100 && b >= 64 && b <= 127)
  );
}

/** Whether an IPv6 literal (without brackets) is loopback, unspecified, unique-local, link-local or a mapped private v4. */
function privateV6(host: string): boolean {
  const h = host.toLowerCase();
  if (!h.includes(':')) return false;
  if (h === '::1' || h === '::') return true;
  if (/^f[cd][0-9a-f]{2}:/.test(h) || /^fe[89ab][0-9a-f]:/.test(h)) return true;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(h);
  return mapped !== null && privateV4(mapped[1] as string);
}

/**
 * Whether a host name is inside the network as the service's SSRF guard sees it (no DNS lookup: names are judged by
 * their literal form). @example internalHost('169.254.169.254') === true
 */
export function internalHost(hostname: string): boolean {
  const host = hostname
    .replace(/^\[|\]$/g, '')
    .toLowerCase()
    .replace(/\.$/, '');
  return NAMES.has(host) || host.endsWith('.internal') || host.endsWith('.localhost') || privateV4(host) || privateV6(host);
}

/**
 * What is wrong with a target URL, or `undefined` when the engine may call it. `localTargets` lists hosts (with or
 * without a port) that may be named over http and on internal addresses.
 * @example targetProblem('http://example.com/hook', []) === 'scheme'
 */
export function targetProblem(raw: string, localTargets: readonly string[]): TargetProblem | undefined {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return 'scheme';
  }
  const host = url.hostname.replace(/^\[|\]$/g, '').toLowerCase();
  const local = localTargets.some((t) => {
    const target = t.toLowerCase();
    return target === host || target === url.host.toLowerCase() || target === `[${host}]`;
  });
  if (local) return url.protocol === 'https:' || url.protocol === 'http:' ? undefined : 'scheme';
  if (url.protocol !== 'https:') return 'scheme';
  return internalHost(url.hostname) ? 'host' : undefined;
}
