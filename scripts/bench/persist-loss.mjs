// How many acknowledged writes a --persist file loses when the built server is killed under steady writes: runs of
// kill -9 after a few seconds of writes from several clients, counting the acknowledged writes the file does not hold
// by how long before the kill they were acknowledged, then runs stopped by SIGTERM, which must lose none.
// Usage: node scripts/bench/persist-loss.mjs [kill -9 runs, default 20] [SIGTERM runs, default 5] [writers, default 4]
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startBuiltServer } from './built-server.mjs';

const killRuns = Number(process.argv[2] ?? 20);
const termRuns = Number(process.argv[3] ?? 5);
const writers = Number(process.argv[4] ?? 4);

const dir = mkdtempSync(join(tmpdir(), 'persist-loss-'));
const pause = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Starts the CLI with --persist `file`; resolves with its process, URL, credential headers and exit. */
const start = (file) => startBuiltServer(['--persist', file]);

/** Writers adding one user per call until `stop()`; every acknowledged write with the instant its answer came. */
function write(server, prefix) {
  const acknowledged = [];
  let running = true;
  const loops = Array.from({ length: writers }, async (_, w) => {
    for (let n = 0; running; n++) {
      const userId = `${prefix}w${w}n${n}`;
      try {
        const reply = await fetch(`${server.url}/v2/users/add`, {
          method: 'POST',
          headers: server.headers,
          body: JSON.stringify({ data: { organizationId: 'org', users: [{ userId }] } }),
        });
        await reply.arrayBuffer();
        if (reply.status === 200) acknowledged.push({ userId, at: performance.now() });
      } catch {
        return; // the server is gone
      }
      await pause(5 + ((n * 7 + w * 3) % 20));
    }
  });
  return {
    acknowledged,
    async stop() {
      running = false;
      await Promise.all(loops);
    },
  };
}

const figures = { 'kill -9 runs': killRuns, writers };
let acknowledgedOld = 0;
let lostOld = 0;
let lostOverOne = 0;
let lostAll = 0;
let acknowledgedAll = 0;
let oldestLost = 0;
const perRun = [];
for (let run = 0; run < killRuns; run++) {
  const file = join(dir, `kill-${run}.json`);
  const server = await start(file);
  const writing = write(server, `k${run}`);
  await pause(2500 + ((run * 397) % 3000));
  const killedAt = performance.now();
  server.child.kill('SIGKILL');
  await server.exited;
  await writing.stop();
  const kept = readFileSync(file, 'utf8');
  JSON.parse(kept); // never half-written
  const lost = writing.acknowledged.filter((write) => !kept.includes(`"${write.userId}"`));
  const ageOf = (write) => killedAt - write.at;
  acknowledgedAll += writing.acknowledged.length;
  acknowledgedOld += writing.acknowledged.filter((write) => ageOf(write) > 1500).length;
  lostAll += lost.length;
  lostOld += lost.filter((write) => ageOf(write) > 1500).length;
  lostOverOne += lost.filter((write) => ageOf(write) > 1000).length;
  const oldest = Math.max(0, ...lost.map(ageOf));
  oldestLost = Math.max(oldestLost, oldest);
  perRun.push(Math.round(oldest));
}
figures['writes acknowledged before the kills'] = acknowledgedAll;
figures['of them acknowledged more than 1.5 s before the kill'] = acknowledgedOld;
figures['lost, acknowledged more than 1.5 s before the kill'] = lostOld;
figures['lost, acknowledged more than 1 s before the kill'] = lostOverOne;
figures['lost in all (acknowledged within the last moments)'] = lostAll;
figures['oldest lost write, ms before the kill'] = Math.round(oldestLost);
figures['oldest lost write of each run, ms'] = perRun.join(' ');

let termAcknowledged = 0;
let termLost = 0;
for (let run = 0; run < termRuns; run++) {
  const file = join(dir, `term-${run}.json`);
  const server = await start(file);
  const writing = write(server, `t${run}`);
  await pause(1500 + ((run * 397) % 2000));
  server.child.kill('SIGTERM');
  await server.exited;
  await writing.stop();
  const kept = readFileSync(file, 'utf8');
  termAcknowledged += writing.acknowledged.length;
  termLost += writing.acknowledged.filter((write) => !kept.includes(`"${write.userId}"`)).length;
}
figures['SIGTERM runs'] = termRuns;
figures['writes acknowledged before SIGTERM'] = termAcknowledged;
figures['lost after SIGTERM'] = termLost;
rmSync(dir, { recursive: true, force: true });
process.stdout.write(`${JSON.stringify(figures, null, 1)}\n`);
