// Child process for the flood bench: writes the file named by argv[2] (ready-made Content-Length
// frames) to stdout again and again, as fast as the pipe takes it, for argv[3] seconds, then exits;
// with argv[4], writes there how many whole copies it wrote (the bench checks nothing was lost).
import { readFileSync, writeFileSync } from 'node:fs';

const data = readFileSync(process.argv[2]);
const until = Date.now() + Number(process.argv[3]) * 1000;

let copies = 0;

function pump() {
  while (Date.now() < until) {
    copies++;
    if (!process.stdout.write(data)) {
      process.stdout.once('drain', pump);
      return;
    }
  }
  if (process.argv[4]) writeFileSync(process.argv[4], String(copies));
  process.stdout.end();
}
pump();
