// Starts the built CLI on a free loopback port, for the long-run scripts beside this file.
import { spawn } from 'node:child_process';
import { ensureBuild } from '../ensure-build.mjs';

/**
 * Spawns `dist/cli.js --port 0 --quiet` with `args` and waits for its banner.
 * Resolves with the process, its URL, the default credentials and the JSON headers that carry them, and a promise of
 * its exit.
 * @example const server = await startBuiltServer(['--persist', file]); await fetch(`${server.url}/__mock/health`);
 */
export async function startBuiltServer(args = []) {
  const child = spawn(process.execPath, [ensureBuild(), '--port', '0', '--quiet', ...args], { stdio: ['ignore', 'pipe', 'inherit'] });
  const banner = await new Promise((resolve, reject) => {
    let text = '';
    child.stdout.on('data', (chunk) => {
      text += chunk;
      if (text.includes('\ntry:')) resolve(text);
    });
    child.once('exit', (code) => reject(new Error(`the server exited with ${code}`)));
  });
  child.stdout.resume();
  const url = /listening on (\S+)/.exec(banner)[1];
  const apiKey = /api key:\s+(\S+)/.exec(banner)[1];
  const authToken = /^\s+auth token:\s+(\S+)/m.exec(banner)[1];
  const headers = { 'content-type': 'application/json', 'x-service-api-key': apiKey, 'x-service-auth-token': authToken };
  const exited = new Promise((resolve) => child.once('exit', resolve));
  return { child, url, apiKey, authToken, headers, exited };
}
