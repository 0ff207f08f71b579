import { writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createScenarioService } from '../../src/scenarios/index.js';
import { useCli } from '../support/cli.js';

const cli = useCli('collab-service-mock-cli');

/** Starts the CLI; resolves with its URL once it listens, or rejects with what it printed when it exits. */
async function start(args: string[]): Promise<{ url: string; stdout: string }> {
  const listening = (stdout: string): string | undefined => /listening on (\S+)/.exec(stdout)?.[1];
  const stdout = await cli.start(args, (text) => listening(text) !== undefined && text.includes('try:'));
  return { url: listening(stdout) ?? '', stdout };
}

async function users(url: string, apiKey: string, authToken: string, organizationId: string): Promise<string[]> {
  const response = await fetch(`${url}/v2/users/get`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-service-api-key': apiKey, 'x-service-auth-token': authToken },
    body: JSON.stringify({ data: { organizationId } }),
  });
  return ((await response.json()) as { result: { data: { userId: string }[] } }).result.data.map((u) => u.userId);
}

describe('collab-service-mock CLI', () => {
  it('--scenario and --seed start from a named scenario', async () => {
    const expected = await createScenarioService({ scenario: 'starter', seed: 7 });
    const { url, stdout } = await start(['--scenario', 'starter', '--seed', '7']);
    expect(stdout).toContain('starting state:        scenario starter, seed 7');
    expect(stdout).toContain(`api key:               ${expected.credentials.apiKey}`);
    expect(await users(url, expected.credentials.apiKey, expected.credentials.authToken, 'starter-org')).toHaveLength(8);
  }, 30_000);

  it('--state starts from an exported file, with the seed it carries', async () => {
    const service = await createScenarioService({ scenario: 'starter', seed: 11 });
    const file = `${cli.folder}state.json`;
    writeFileSync(file, service.exportState());
    const { url } = await start(['--state', file, '--clock', 'virtual']);
    expect(await users(url, service.credentials.apiKey, service.credentials.authToken, 'starter-org')).toHaveLength(8);
    await fetch(`${url}/v2/users/add`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...service.credentials.headers },
      body: JSON.stringify({ data: { organizationId: 'starter-org', users: [{ userId: 'late' }] } }),
    });
    expect(await users(url, service.credentials.apiKey, service.credentials.authToken, 'starter-org')).toHaveLength(9);
    await fetch(`${url}/__mock/reset`, { method: 'POST' });
    expect(await users(url, service.credentials.apiKey, service.credentials.authToken, 'starter-org')).toHaveLength(8);
  }, 30_000);

  it('refuses a newer state format, an unknown scenario and --state with --scenario', async () => {
    const file = `${cli.folder}newer.json`;
    writeFileSync(file, JSON.stringify({ ...JSON.parse((await createScenarioService()).exportState()), version: 99 }));
    await expect(start(['--state', file])).rejects.toThrow(
      /exit 2: collab-service-mock: cannot load --state .*newer.json: This state uses format version 99, newer than version 1/,
    );
    await expect(start(['--scenario', 'huge'])).rejects.toThrow(
      "exit 2: collab-service-mock: --scenario must be one of empty, starter, team, large, got 'huge'.",
    );
    await expect(start(['--state', file, '--scenario', 'team'])).rejects.toThrow('--state and --scenario both choose the starting state; pass one of them.');
  }, 30_000);
});
