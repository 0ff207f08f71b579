// Runs in its own process so the load generator never shares an event loop with the server it measures.
// Usage: node load.mjs '<json: {url, body, headers, seconds, connections, method?}>' -> prints {"rps": n, "requests": n}
import autocannon from 'autocannon';

const { url, body, headers, seconds, connections, method = 'POST' } = JSON.parse(process.argv[2]);
const result = await autocannon({ url, method, body, headers, duration: seconds, connections, pipelining: 1 });
if (result.non2xx > 0 || result.errors > 0) {
  process.stderr.write(`load: ${result.non2xx} non-2xx replies, ${result.errors} errors\n`);
  process.exit(1);
}
process.stdout.write(JSON.stringify({ rps: result.requests.average, requests: result.requests.total }));
