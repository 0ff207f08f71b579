/** The header that carries a listener's control token. */
export const CONTROL_TOKEN_HEADER = 'x-mock-control-token';

/** The header every webhook attempt carries (its message id); the control plane refuses any call that has it. */
export const DELIVERY_MARKER_HEADER = 'x-mock-webhook-delivery';

/**
 * Who may use the control plane of one network listener: loopback names always, the bound interface, extra host
 * names, and (when set) only callers that present the control token. In-process transports carry none.
 * @example const policy: ListenerPolicy = { host: '127.0.0.1', allowedHosts: [] };
 */
export interface ListenerPolicy {
  /** The interface the server is bound to (`--host`). */
  readonly host: string;
  /** More names clients may address the server by (a container name, a LAN name). */
  readonly allowedHosts: readonly string[];
  /** When set, every control call must carry it in the `x-mock-control-token` header. */
  readonly controlToken?: string | undefined;
}

/** The policy of a server bound to loopback with no extra names: what in-process CORS decisions use. */
export const LOOPBACK_POLICY: ListenerPolicy = Object.freeze({ host: 'localhost', allowedHosts: Object.freeze([]) });

const IPV4 = /^(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(?:\.(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}$/;

/** A host name as compared: lower case, no brackets around IPv6, no trailing dot. */
function canonical(name: string): string {
  return name
    .trim()
    .toLowerCase()
    .replace(/^\[(.*)\]$/, '$1')
    .replace(/\.$/, '');
}

/** Whether a name is an IP address literal (v4, or v6 with a colon). */
function isIpLiteral(name: string): boolean {
  const n = canonical(name);
  return IPV4.test(n) || (n.includes(':') && /^[0-9a-f:.]+$/.test(n));
}

/**
 * Whether a host name or address always means this machine: `localhost`, `*.localhost`, 127.0.0.0/8, `::1`.
 * @example isLoopbackName('127.0.0.1') // true
 */
export function isLoopbackName(name: string): boolean {
  const n = canonical(name);
  if (n === 'localhost' || n.endsWith('.localhost') || n === '::1' || n === '0:0:0:0:0:0:0:1') return true;
  const v4 = n.startsWith('::ffff:') ? n.slice(7) : n;
  return IPV4.test(v4) && v4.startsWith('127.');
}

/**
 * The host name of a `Host` header value (`name:port`, `[v6]:port`), or undefined when it is not one.
 * @example hostOfHeader('[::1]:4780') // '::1'
 */
export function hostOfHeader(value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  const match = /^(\[[0-9a-fA-F:.]+\]|[^:[\]\s/@]+)(?::\d{1,5})?$/.exec(value.trim());
  return match?.[1] === undefined ? undefined : canonical(match[1]);
}

/** Whether a name is one the policy's server answers to by configuration: its bound host or an allowed host. */
function configured(name: string, policy: ListenerPolicy): boolean {
  const n = canonical(name);
  return n === canonical(policy.host) || policy.allowedHosts.some((allowed) => canonical(allowed) === n);
}

/**
 * Whether a `Host` header may reach the control plane. DNS rebinding needs a name that resolves to this machine, so
 * IP literals always pass; a name must be a loopback name, the bound host or an allowed host.
 * @example hostAllowed('evil.example:4780', LOOPBACK_POLICY) // false
 */
export function hostAllowed(value: string | undefined, policy: ListenerPolicy): boolean {
  const name = hostOfHeader(value);
  if (name === undefined) return false;
  return isIpLiteral(name) || isLoopbackName(name) || configured(name, policy);
}

/**
 * Whether an `Origin` header may use the control plane: absent (not a browser page), or a page served from a
 * loopback name, the bound host or an allowed host. `null` origins (sandboxed frames, files) never may.
 * @example originAllowed('http://localhost:5173', LOOPBACK_POLICY) // true
 */
export function originAllowed(value: string | undefined, policy: ListenerPolicy): boolean {
  if (value === undefined) return true;
  let hostname: string;
  try {
    const url = new URL(value.trim());
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return false;
    hostname = url.hostname;
  } catch {
    return false;
  }
  return isLoopbackName(hostname) || configured(hostname, policy);
}

/**
 * Whether binding an interface keeps the server on this machine. `0.0.0.0` and `::` listen on every interface.
 * @example bindsLoopbackOnly('0.0.0.0') // false
 */
export function bindsLoopbackOnly(host: string): boolean {
  return isLoopbackName(host);
}

/**
 * Compares two secrets in time that does not depend on where they first differ.
 * @example sameSecret(header(call, CONTROL_TOKEN_HEADER), policy.controlToken)
 */
export function sameSecret(given: string | undefined, expected: string): boolean {
  if (given === undefined) return false;
  let diff = given.length ^ expected.length;
  for (let i = 0; i < expected.length; i++) diff |= (given.charCodeAt(i % Math.max(given.length, 1)) || 0) ^ expected.charCodeAt(i);
  return diff === 0;
}
