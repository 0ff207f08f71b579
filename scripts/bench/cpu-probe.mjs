// Loaded with `node --import` into a server the bench measures: answers the message 'cpu' over the IPC channel with
// the CPU time (user + system, µs) the process has used, so the bench reads a server's own CPU time on any platform.
if (process.send) {
  process.on('message', (message) => {
    if (message === 'cpu') {
      const { user, system } = process.cpuUsage();
      process.send({ cpuUs: user + system });
    }
  });
}
