import type { WebhookDeliveryRecord } from '../model/state/entities.js';
import { plaintextOf } from '../model/webhooks/outbox.js';
import { fromBase64, toBase64 } from '../support/base64.js';

const encoder = new TextEncoder();

/** Bytes of base64 text, typed as WebCrypto wants them. */
const bytes = (text: string): Uint8Array<ArrayBuffer> => fromBase64(text) as Uint8Array<ArrayBuffer>;

/**
 * The encrypted body of a delivery (service-facts 7.7): `{ encryptedData, encryptedKey, iv }`, the data sealed with
 * AES-256-CBC under the delivery's seeded key and IV, the key wrapped with RSA-OAEP (SHA-256) for the configured
 * public key (base64 SPKI, no PEM lines). WebCrypto only, so it runs in browsers too.
 * @example const body = await sealDelivery(delivery);
 */
export async function sealDelivery(delivery: WebhookDeliveryRecord): Promise<string> {
  const cipher = delivery.cipher;
  if (!cipher) throw new Error('This delivery is not encrypted.');
  if (cipher.publicKey === '') throw new Error('encryptData is on but no publicKey is configured; set one with the webhook config update.');
  const subtle = globalThis.crypto.subtle;
  let rsa: CryptoKey;
  try {
    rsa = await subtle.importKey('spki', bytes(cipher.publicKey), { name: 'RSA-OAEP', hash: 'SHA-256' }, false, ['encrypt']);
  } catch (error) {
    throw new Error(`publicKey is not a base64 SPKI RSA public key (${(error as Error).message}).`);
  }
  const key = bytes(cipher.key);
  const iv = bytes(cipher.iv);
  const aes = await subtle.importKey('raw', key, { name: 'AES-CBC' }, false, ['encrypt']);
  const data = new Uint8Array(await subtle.encrypt({ name: 'AES-CBC', iv }, aes, encoder.encode(plaintextOf(delivery))));
  const wrapped = new Uint8Array(await subtle.encrypt({ name: 'RSA-OAEP' }, rsa, key));
  return JSON.stringify({ encryptedData: toBase64(data), encryptedKey: toBase64(wrapped), iv: cipher.iv });
}
