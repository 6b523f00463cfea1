// Child process for the end-to-end bench: writes the file named by argv[2] (ready-made
// Content-Length frames) to stdout as fast as the pipe takes it, in 64 KiB writes, then exits.
import { readFileSync } from 'node:fs';

const data = readFileSync(process.argv[2]);
const CHUNK = 64 * 1024;
let at = 0;

function pump() {
  while (at < data.length) {
    const end = Math.min(data.length, at + CHUNK);
    const ok = process.stdout.write(data.subarray(at, end));
    at = end;
    if (!ok) {
      process.stdout.once('drain', pump);
      return;
    }
  }
}
pump();
