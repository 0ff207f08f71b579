import { expect } from 'vitest';
import { control } from '../../support/control.js';
import { expectError, fingerprint } from '../../support/expect.js';
import type { Client, Reply } from '../../support/transports.js';

/** The bare `result` of a memory reply (no status, no message), after checking it succeeded. */
export function bare(reply: Reply): any {
  expect(reply.status, reply.text).toBe(200);
  expect(Object.keys(reply.body)).toEqual(['result']);
  return reply.body.result;
}

/** POSTs to a memory path and returns the bare result. */
export async function call(c: Client, path: string, data: unknown = {}): Promise<any> {
  return bare(await c.post(path, data));
}

/** Asserts a validation refusal with its message and its first issue, and that the state did not change. */
export async function refused(c: Client, path: string, data: unknown, message: string, issue?: { code: string; path: (string | number)[] }): Promise<void> {
  const before = fingerprint(c.service);
  const reply = await c.post(path, data);
  expectError(reply, 400, 'INVALID_ARGUMENT', message);
  if (issue) expect(reply.body.error.details.issues[0]).toEqual({ ...issue, message });
  expect(fingerprint(c.service)).toBe(before);
}

/** Asserts an error reply of any status, and that the state did not change. */
export async function fails(c: Client, path: string, data: unknown, http: number, status: string, message: string | RegExp): Promise<Reply> {
  const before = fingerprint(c.service);
  const reply = await c.post(path, data);
  expectError(reply, http, status, message);
  expect(fingerprint(c.service)).toBe(before);
  return reply;
}

/** Base64 of UTF-8 text. */
export const b64 = (text: string): string => Buffer.from(text, 'utf8').toString('base64');

/** The inline ingest body of a text file. */
export const inlineText = (fileName: string, text: string, mimeType = 'text/plain') => ({
  source: 'inline',
  file: { base64: b64(text), mimeType, fileName, fileSize: Buffer.byteLength(text) },
});

/** Records judgments through the control plane. */
export async function judge(c: Client, judgments: unknown[], apiKey?: string): Promise<void> {
  const reply = await control(c, 'POST', '/__mock/memory/judgments', apiKey === undefined ? { judgments } : { judgments, apiKey });
  expect(reply.status, reply.text).toBe(200);
}

/** The path (and query) of a URL the service minted, to send through the client's own transport. */
export const pathOf = (url: string): string => {
  const u = new URL(url);
  return u.pathname.replace(/^\/collab/, '') + u.search;
};

/** A rule-based markdown policy: four directive bullets under two headings. */
export const POLICY = [
  '# Medical claims',
  '- Never describe a product as clinically proven without a citation.',
  '- Always cite the study behind a health claim.',
  '- Avoid promising cures.',
  '',
  '# Tone',
  '- Do not use all caps in headlines.',
  '',
].join('\n');
