// The tap bench's ceiling: a Node process that only sits in the middle of a pipe, as `rpcscope tap`
// does, and does nothing else — spawns argv[2..] and pipes its stdin/stdout straight through
// (no framing, no copies, no recording), so the table shows what any Node process in between costs.
import { spawn } from 'node:child_process';

const child = spawn(process.argv[2], process.argv.slice(3), { stdio: ['pipe', 'pipe', 'inherit'] });
process.stdin.pipe(child.stdin);
child.stdout.pipe(process.stdout);
child.on('close', (code, signal) => (signal ? process.kill(process.pid, signal) : process.exit(code ?? 1)));
