// A customer's existing client, as docs/existing-client.md shows it: plain fetch, its own header names, its
// credentials from the environment. Nothing in it knows about the emulator.
export function createCollabClient({ baseUrl, apiKey, authToken }) {
  const call = async (path, data) => {
    const response = await fetch(`${baseUrl}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-acme-api-key': apiKey, 'x-acme-auth-token': authToken },
      body: JSON.stringify({ data }),
    });
    const body = await response.json();
    if (!response.ok) throw new Error(`${response.status} ${body.error.status}: ${body.error.message}`);
    return body.result;
  };
  return {
    addUser: (organizationId, user) => call('/v2/users/add', { organizationId, users: [user] }),
    users: async (organizationId) => (await call('/v2/users/get', { organizationId })).data,
  };
}
