// The server-CPU baseline: a bare node:http server that reads the body, parses it and answers the JSON text given as
// its argument with one content-type header. Prints its port; run with --import ./cpu-probe.mjs and an IPC channel.
// Usage: node --import ./cpu-probe.mjs bare-server.mjs '<reply body>'
import { createServer } from 'node:http';

const fixed = process.argv[2] ?? '{}';
const server = createServer((req, res) => {
  const chunks = [];
  req.on('data', (chunk) => chunks.push(chunk));
  req.on('end', () => {
    JSON.parse(Buffer.concat(chunks).toString('utf8'));
    res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' });
    res.end(fixed);
  });
});
server.listen(0, '127.0.0.1', () => process.stdout.write(`port ${server.address().port}\n`));
