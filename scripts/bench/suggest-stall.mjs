// Whether one text query can stall the built server: 2,000 recorded judgments of long look-alike words (the most a
// spelling match can be asked to compare), then the worst queries to suggest, search, ask and knowledge search, each
// with health checks sent alongside; prints each query's round trip and the slowest health check beside it, against
// health checks sent alone.
// Usage: [JUDGMENTS=2000] node scripts/bench/suggest-stall.mjs
import { request } from 'node:http';
import { startBuiltServer } from './built-server.mjs';

const { child, url: base, apiKey, headers } = await startBuiltServer();

/** One call on a connection of its own (no keep-alive socket the server may have just closed): status and ms. */
const timed = (path, init = {}) =>
  new Promise((resolve, reject) => {
    const started = performance.now();
    const req = request(`${base}${path}`, { method: init.method ?? 'GET', headers: init.headers, agent: false }, (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode, ms: performance.now() - started }));
    });
    req.on('error', reject);
    req.end(init.body);
  });
const health = () => timed('/__mock/health');

const long = (i) => `p${'x'.repeat(20)}${i.toString(26).padStart(4, 'a')}`;
const judgments = Number(process.env.JUDGMENTS ?? 2000);
// In batches, each body well under the 1 MiB request limit.
for (let from = 0; from < judgments; from += 1000) {
  const recorded = await fetch(`${base}/__mock/memory/judgments`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      apiKey,
      judgments: Array.from({ length: Math.min(1000, judgments - from) }, (_, k) => ({
        content: `Poster with ${long(from + k)} in the headline`,
        reasoning: 'Off brand',
        decision: 'rejected',
        actionUser: { userId: `u${(from + k) % 7}` },
      })),
    }),
  });
  if (recorded.status !== 200) {
    child.kill();
    throw new Error(`recording judgments answered ${recorded.status}: ${await recorded.text()}`);
  }
}

const alone = [];
for (let i = 0; i < 20; i++) alone.push((await health()).ms);
alone.sort((a, b) => a - b);
const figures = { 'health check alone, median ms': Math.round(alone[10] * 10) / 10, 'health check alone, slowest ms': Math.round(alone[19] * 10) / 10 };

const queries = {
  'one 100,000-character word': 'w'.repeat(100_000),
  'a 100,000-character word in a sentence': `Poster with ${'z'.repeat(100_000)} in the headline`,
  'one 2,000-character word (the longest query)': 'e'.repeat(2000),
  '80 look-alike 24-letter words': Array.from({ length: 80 }, (_, i) => `p${'x'.repeat(20)}z${i.toString(26).padStart(2, 'a')}`).join(' '),
  'two 999-character words': `${'y'.repeat(999)} ${'y'.repeat(999)}`,
};
for (const route of ['/v2/memory/suggest', '/v2/memory/search', '/v2/memory/ask', '/v2/memory/knowledge/search']) {
  // The first call of a route builds its index of the judgments; every query is timed after that.
  const field = route === '/v2/memory/ask' ? 'question' : 'query';
  await timed(route, { method: 'POST', headers, body: JSON.stringify({ data: { [field]: 'warm up' } }) });
  for (const [name, query] of Object.entries(queries)) {
    const asked = timed(route, { method: 'POST', headers, body: JSON.stringify({ data: { [field]: query } }) });
    const checks = Promise.all(Array.from({ length: 5 }, (_, i) => new Promise((r) => setTimeout(r, i * 2)).then(health)));
    const [answer, beside] = await Promise.all([asked, checks]);
    figures[`${route} ${name}: status, ms, slowest health check beside it, ms`] =
      `${answer.status}, ${Math.round(answer.ms)}, ${Math.round(Math.max(...beside.map((h) => h.ms)))}`;
  }
}
child.kill('SIGTERM');
process.stdout.write(`${JSON.stringify(figures, null, 1)}\n`);
