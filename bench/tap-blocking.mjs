// The tap bench's other ceiling (issue 12: is 0.8× the direct pipe reachable in Node?): one
// direction forwarded by a blocking loop — the child's stdout switched to blocking mode and read
// 1 MiB at a time with fs.readSync, each read written on with fs.writeSync — instead of streams on
// the event loop. It blocks its thread, so it can carry only one direction and cannot cut at frame
// edges on demand; it shows what a forwarder off the event loop would gain.
import { spawn } from 'node:child_process';
import { readSync, writeSync } from 'node:fs';

const READ_BYTES = 1024 * 1024;
const child = spawn(process.argv[2], process.argv.slice(3), { stdio: ['ignore', 'pipe', 'inherit'] });
child.stdout.pause();
child.once('spawn', () => {
  // libuv's handle stops watching the fd; the loop below owns it.
  const handle = child.stdout._handle;
  handle.readStop();
  handle.setBlocking(true);
  const buf = Buffer.allocUnsafe(READ_BYTES);
  for (;;) {
    let n;
    try {
      n = readSync(handle.fd, buf);
    } catch (err) {
      if (err.code === 'EAGAIN') continue;
      throw err;
    }
    if (!n) break;
    for (let at = 0; at < n; ) at += writeSync(1, buf, at, n - at);
  }
  process.exit(0);
});
