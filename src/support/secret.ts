/**
 * A secret nobody can predict (the platform's cryptographic source, not the seeded one): control tokens of servers
 * bound beyond loopback. Deliberately outside the seed, so knowing the seed does not give the token.
 * @example const token = unpredictableToken(); // 48 hex characters
 */
export function unpredictableToken(bytes = 24): string {
  const buffer = new Uint8Array(bytes);
  globalThis.crypto.getRandomValues(buffer);
  return Array.from(buffer, (b) => b.toString(16).padStart(2, '0')).join('');
}
