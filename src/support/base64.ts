/** Standard base64 of bytes, in chunks so large Yjs states do not overflow the argument limit. @example toBase64(new Uint8Array([1])) === 'AQ==' */
export function toBase64(bytes: Uint8Array): string {
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

/** Bytes of a standard base64 string. @example fromBase64('AQ==')[0] === 1 */
export function fromBase64(text: string): Uint8Array {
  const binary = atob(text);
  const out = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) out[i] = binary.charCodeAt(i);
  return out;
}

/** base64url without padding, for opaque cursors. @example toBase64Url('{"o":0}') */
export function toBase64Url(text: string): string {
  return btoa(text).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** The text of a base64url string; throws on a malformed one. @example fromBase64Url(toBase64Url('x')) === 'x' */
export function fromBase64Url(text: string): string {
  return atob(text.replace(/-/g, '+').replace(/_/g, '/'));
}
