/** Text and personal-data handling of notification content (service-facts 3.31). */

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * A copy with every user object (an object carrying a string `userId`) cut down to `{ userId }`, so names
 * and emails are not kept while a resolver re-hydrates them at read time.
 * @example stripPersonalData({ actionUser: { userId: 'u', name: 'Ann' } }) // { actionUser: { userId: 'u' } }
 */
export function stripPersonalData(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(stripPersonalData);
  if (!isRecord(value)) return value;
  if (typeof value['userId'] === 'string') return { userId: value['userId'] };
  const out: Record<string, unknown> = {};
  for (const [key, inner] of Object.entries(value)) out[key] = stripPersonalData(inner);
  return out;
}

/** What one template variable stands for: a string or number as written, a user object's name. */
function templateValue(data: Record<string, unknown>, name: string, actionUser: unknown): string | undefined {
  const value = Object.hasOwn(data, name) ? data[name] : name === 'actionUser' ? actionUser : undefined;
  if (typeof value === 'string') return value;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  if (isRecord(value) && typeof value['name'] === 'string') return value['name'];
  return undefined;
}

/**
 * The headline with its single-brace variables resolved against the template data: `{actionUser}` and
 * `{recipientUser}` become the user's name (`{actionUser}` falls back to the notification's action user),
 * custom fields their value; a variable with nothing to stand for stays as written.
 * @example headlineOf('{actionUser} replied', { actionUser: { userId: 'u', name: 'Ann' } }, undefined) // 'Ann replied'
 */
export function headlineOf(template: string, data: Record<string, unknown>, actionUser: unknown): string {
  return template.replace(/\{([^{}]+)\}/g, (whole, name: string) => templateValue(data, name, actionUser) ?? whole);
}
