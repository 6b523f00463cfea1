/**
 * One side of bench/http.ts on its own, for a CPU profile of just that side (the bench's rotation
 * puts all three in one process): a warm-up of 500 POSTs, then `n` with `c` in flight.
 *
 * `node --cpu-prof --cpu-prof-dir=/tmp/prof --import tsx bench/http-one.ts rpcscope|session|undici [c] [n]`
 * (the profile of the main thread is the file whose name ends in `.0.001.cpuprofile`).
 */
import './built'; // first: runs this bench bundled like the server build (bench/built.ts)
import { startJsonRpcServer, viaRpcscope, viaSession, viaUndici } from './http';

const SIDES = { rpcscope: viaRpcscope, session: viaSession, undici: viaUndici } as const;

async function main(): Promise<void> {
  const side = (process.argv[2] ?? 'rpcscope') as keyof typeof SIDES;
  const run = SIDES[side];
  if (!run) throw new Error(`no side "${side}": one of ${Object.keys(SIDES).join(', ')}`);
  const c = Number(process.argv[3] ?? 16);
  const n = Number(process.argv[4] ?? 4000);
  const { url, server } = await startJsonRpcServer();
  try {
    await run(url, 500, c);
    const t = await run(url, n, c);
    console.log(`${side}, ${n} POSTs, ${c} in flight: ${t.ms.toFixed(0)} ms, main-thread CPU ${t.cpuPerReq.toFixed(0)} µs/req, all threads ${t.allCpuPerReq.toFixed(0)} µs/req, main thread pre-empted ${t.preemptedPerK.toFixed(0)} per 1k req`);
  } finally {
    await new Promise((r) => server.close(r));
  }
}

main().then(
  () => process.exit(0),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
