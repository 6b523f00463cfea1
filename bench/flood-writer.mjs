// Child process for the flood bench: writes the file named by argv[2] (ready-made Content-Length
// frames) to stdout again and again, as fast as the pipe takes it, for argv[3] seconds, then exits.
import { readFileSync } from 'node:fs';

const data = readFileSync(process.argv[2]);
const until = Date.now() + Number(process.argv[3]) * 1000;

function pump() {
  while (Date.now() < until) {
    if (!process.stdout.write(data)) {
      process.stdout.once('drain', pump);
      return;
    }
  }
  process.stdout.end();
}
pump();
