/**
 * The loopback upstream of the proxy benchmark, in its own process: `/json` (a small JSON
 * body, at once), `/work` (the same after 1 ms of CPU work, an API that computes its answer),
 * `/slow` (the same after 20 ms of waiting, an API with latency) and `/stream` (a first chunk at
 * once, the rest 200 ms later). Prints its port on stdout.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

const body = JSON.stringify({
  id: 1,
  name: 'Fern',
  species: 'Nephrolepis exaltata',
  tags: ['shade'],
  waterEveryDays: 3,
});
const server = createServer({ keepAliveTimeout: 60_000 }, (req, res) => {
  if (req.url === '/stream') {
    res.writeHead(200, { 'content-type': 'text/event-stream' });
    res.write('data: first\n\n');
    setTimeout(() => res.end('data: [DONE]\n\n'), 200);
    return;
  }
  const send = () =>
    res.writeHead(200, { 'content-type': 'application/json', 'content-length': body.length }).end(body);
  if (req.url?.startsWith('/slow')) setTimeout(send, 20);
  else if (req.url?.startsWith('/work')) {
    const until = performance.now() + 1;
    while (performance.now() < until);
    send();
  } else send();
});
server.listen(0, '127.0.0.1', () => console.log(String((server.address() as AddressInfo).port)));
// The bench asks for CPU time over IPC to report the cost per request of each process.
process.on('message', () => process.send?.(process.cpuUsage()));
