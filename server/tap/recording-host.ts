/**
 * The tap's recording thread (a worker; started by recording-client.ts through
 * recording-worker.mjs): a TapRecording, the sink choose-sink.ts picks, the HTTP exchange book,
 * and `--out`. It copies each side's bytes out of the shared ring (copy-ring.ts) and acknowledges
 * them, which frees that room for the conversation thread (the ring bounds how far it may lag).
 */
import { parentPort, workerData } from 'node:worker_threads';
import { ConnectionsHost, attachSink } from './choose-sink';
import { InterceptHost } from './intercept-host';
import { TapExchanges } from './exchanges';
import { openTapLog } from './log';
import { TapRecording } from './recording';
import type { TapInjectAnswer } from '../../lib/session/tap-wire';
import type { HostReply, RecordingOp, WorkerInit } from './recording-ops';
import { copyOut } from './copy-ring';
import { ackForwarded } from './forward-channel';
import { writeOut } from './write-out';
import { Pacer } from './recording-pace';
import { recordHttp } from './proxy-record';
import { performance } from 'node:perf_hooks';

const init = workerData as WorkerInit;
const port = parentPort!;
const log = openTapLog(init.dataDir, init.verbose, process.stderr);
const recording = new TapRecording({ target: init.target, name: init.name, keepEvents: init.out !== undefined });
const exchanges = new TapExchanges(recording);
const reply = (r: HostReply) => port.postMessage(r);
// The app's inject asks go to the conversation thread; its answer comes back as an op naming the ask.
const answers = new Map<number, (a: TapInjectAnswer) => void>();
// Intercepting (intercept-host.ts): the app's asks go to the conversation thread, its reports to the app.
const intercepts = new InterceptHost(recording, (ask) => reply({ op: 'intercept', ask }), (m, injected) => exchanges.message(m.side, m.body, m.extras, m.exchange, injected));
const connections = new ConnectionsHost(recording);
const sink = attachSink(recording, init.dataDir, log, (ask, answer) => {
  answers.set(ask.ref, answer);
  reply({ op: 'inject', ask });
}, intercepts, () => reply({ op: 'stop' }), connections);
const answer = (a: TapInjectAnswer) => {
  answers.get(a.ref)?.(a);
  answers.delete(a.ref);
};

let took = 0;
/** Bytes copied out of the forwarding thread's ring (acknowledged in its shared memory at once: it takes no messages). */
let tookForwarded = 0;
let ackScheduled = false;
const ack = () => {
  ackScheduled = false;
  reply({ op: 'took', bytes: took });
};

async function finish(op: Extract<RecordingOp, { op: 'end' }>): Promise<void> {
  recording.end(op.exit, op.why);
  await (await sink).close();
  writeOut(init.out, recording, log);
  reply({ op: 'done' });
}

// The conversation thread posts its ops in batches (recording-client.ts). They are handled one batch
// per turn of this thread's event loop, in order: when the recording runs behind, the port holds
// many batches, and handling them all in one go would keep the store's commit timer and the
// entries' hand-over to the sink from running until the backlog is gone — so a long burst would be
// stored only at the end, all of it at once, and lost if the end timed out.
const inbox: { ops: RecordingOp[]; at: number }[] = [];
// While the conversation is busy, batches wait a little in the ring (recording-pace.ts).
const pacer = new Pacer(init.pace, init.ring.byteLength);
let ending = false;
let draining = false;
const drain = () => {
  const next = inbox[0];
  const wait = next ? pacer.delay(took + tookForwarded, next.at, performance.now(), ending) : 0;
  if (wait > 0) {
    setTimeout(drain, wait);
    return;
  }
  const ops = inbox.shift()?.ops;
  if (ops) for (const op of ops) handle(op);
  if (inbox.length) setImmediate(drain);
  else draining = false;
};
port.on('message', (ops: RecordingOp[]) => {
  inbox.push({ ops, at: performance.now() });
  if (ops[ops.length - 1]?.op === 'end') ending = true;
  if (draining) return;
  draining = true;
  setImmediate(drain);
});

function handle(op: RecordingOp): void {
  switch (op.op) {
    case 'bytes':
      if (op.ring === 'forward' && init.forward) {
        recording.bytes(op.side, copyOut(init.forward.ring, op));
        tookForwarded += op.length;
        return ackForwarded(init.forward, tookForwarded);
      }
      // Copied out before the ack below frees that part of the ring for the conversation to reuse.
      recording.bytes(op.side, copyOut(init.ring, op));
      took += op.length;
      if (!ackScheduled) {
        ackScheduled = true;
        setImmediate(ack);
      }
      return;
    case 'gap':
      return recording.gap(op.side, op.bytes);
    case 'stderr':
      return recording.stderr(op.line);
    case 'note':
      return exchanges.note(op.text, op.extras, op.exchange);
    case 'message': {
      const e = exchanges.message(op.side, op.body, op.extras, op.exchange, op.inject !== undefined);
      if (op.inject === undefined) return;
      recording.flush();
      return answer({ type: 'injected', ref: op.inject, seq: e.seq });
    }
    case 'exchange-end':
      return exchanges.end(op.id, op.failed, op.why, op.extras);
    case 'http-request':
    case 'http-reply':
      return recordHttp(exchanges, op);
    case 'injected': {
      const seq = recording.injected(op.side, Buffer.from(op.chunk.buffer, op.chunk.byteOffset, op.chunk.byteLength));
      // The entry goes out before the answer, so the app has it when its send route returns the seq.
      recording.flush();
      return answer(seq ? { type: 'injected', ref: op.ref, seq } : { type: 'inject-refused', ref: op.ref, error: 'the injected message went on but could not be recorded' });
    }
    case 'inject-refused':
      return answer({ type: 'inject-refused', ref: op.ref, error: op.error });
    case 'connections':
      return connections.set(op.conns);
    case 'held':
    case 'held-message':
    case 'drop-answer':
    case 'decided':
    case 'intercept-state':
      return intercepts.op(op);
    case 'edges':
      return reply({ op: 'edges', ref: op.ref, state: recording.edgeState(op.side) });
    case 'end':
      void finish(op);
      return;
    default: {
      const never: never = op;
      throw new Error(`unknown recording op ${JSON.stringify(never)}`);
    }
  }
}
reply({ op: 'ready' });
