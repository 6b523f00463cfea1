/**
 * `rpcscope tap --listen 127.0.0.1:PORT --to URL`: an HTTP and WebSocket reverse proxy in front of
 * a JSON-RPC server. The client points at the listen address; each HTTP exchange is relayed by
 * proxy-http.ts and each WebSocket upgrade by proxy-ws.ts, both recording into one TapRecording
 * (the same pipeline, sinks and `--out` as the stdio tap). Only requests whose Host names the tap
 * itself get through: the tap rewrites Host to the target's, so without this check a web page
 * could use it to get past the target's own DNS-rebinding defence. It runs until SIGINT/SIGTERM.
 */
import http from 'node:http';
import https from 'node:https';
import { mkdirSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import type { TapTarget } from '../../lib/targets/tap';
import { resolveDataDir } from '../store';
import type { TapOptions } from './args';
import { openTapLog, type TapLog } from './log';
import { isOurHost } from './proxy-headers';
import { relayExchange } from './proxy-http';
import { ProxyInjector } from './proxy-inject';
import { ProxyInterceptor } from './proxy-intercept';
import { WsRelay } from './proxy-ws';
import { RecordingClient } from './recording-client';
import type { TapExit, TapIo } from './stdio-tap';

/** The Upgrade header's token for a WebSocket handshake, in any case (RFC 6455 §4.2.1; HTTP tokens are case-insensitive). */
const WEBSOCKET_UPGRADE = /^websocket$/i;

export class ProxyTap {
  private readonly server = http.createServer({ noDelay: true });
  // noDelay: each message goes out as it is written (Nagle's algorithm would hold small replies back).
  private readonly agents = { http: new http.Agent({ keepAlive: true, noDelay: true }), https: new https.Agent({ keepAlive: true, noDelay: true }) };
  private ws: WsRelay | null = null;
  private intercept: ProxyInterceptor | null = null;

  constructor(
    private readonly to: URL,
    private readonly log: TapLog,
  ) {}

  /** Binds the listener; resolves with the port (PORT 0: the one the system chose). */
  listen(host: string, port: number): Promise<number> {
    return new Promise((resolve, reject) => {
      this.server.once('error', reject);
      this.server.listen(port, host, () => {
        this.server.off('error', reject);
        resolve((this.server.address() as AddressInfo).port);
      });
    });
  }

  /** Starts relaying, recording into `recording`. */
  serve(recording: RecordingClient): void {
    const port = (this.server.address() as AddressInfo).port;
    const inject = new ProxyInjector({ to: this.to, recording, agents: this.agents, log: this.log });
    recording.onInject((ask) => inject.handle(ask));
    const intercept = new ProxyInterceptor(recording);
    this.intercept = intercept;
    const ctx = { to: this.to, recording, agents: this.agents, log: this.log, inject, intercept };
    const ws = new WsRelay(ctx);
    this.ws = ws;
    this.server.on('request', (req, res) => {
      if (!isOurHost(req.headers.host, port)) {
        this.log(`refused a request for Host ${JSON.stringify(req.headers.host ?? '')}`);
        res.writeHead(421, { 'content-type': 'text/plain; charset=utf-8' });
        res.end('rpcscope tap: this tap only answers requests addressed to itself (Host 127.0.0.1, localhost or [::1])\n');
        return;
      }
      relayExchange(ctx, req, res);
    });
    this.server.on('upgrade', (req, socket, head) => {
      if (!isOurHost(req.headers.host, port) || !WEBSOCKET_UPGRADE.test(String(req.headers.upgrade))) {
        socket.end('HTTP/1.1 421 Misdirected Request\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
        return;
      }
      ws.upgrade(req, socket, head);
    });
  }

  /** Stops listening and ends every exchange and WebSocket still open. */
  async close(): Promise<void> {
    // What is held goes on first (as the stdio tap releases everything when it ends).
    this.intercept?.releaseAll();
    this.ws?.close();
    const closed = new Promise<void>((resolve) => this.server.close(() => resolve()));
    this.server.closeAllConnections();
    await closed;
    this.agents.http.destroy();
    this.agents.https.destroy();
  }
}

export async function runProxyTap(opts: TapOptions & { listen: { host: string; port: number }; to: URL }, io: Pick<TapIo, 'stderr'> = process): Promise<TapExit> {
  const dataDir = resolveDataDir(opts.dataDir);
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const log = openTapLog(dataDir, opts.verbose, io.stderr);
  const tap = new ProxyTap(opts.to, log);
  let port: number;
  try {
    port = await tap.listen(opts.listen.host, opts.listen.port);
  } catch (err) {
    io.stderr.write(`rpcscope tap: could not listen on ${opts.listen.host}:${opts.listen.port}: ${(err as Error).message}\n`);
    return { code: 1 };
  }
  const hostText = opts.listen.host.includes(':') ? `[${opts.listen.host}]` : opts.listen.host;
  const listen = `${hostText}:${port}`;
  const target: TapTarget = { kind: 'tap', to: opts.to.href, listen };
  // Not `floods`: one exchange per round trip needs no 64 MiB young generation, whose sweep through
  // fresh memory on the other core measured a little slower per exchange (bench/README.md, issue 12).
  const recording = new RecordingClient({ target, name: opts.name, out: opts.out, dataDir, verbose: opts.verbose }, log, false);
  await recording.ready;
  tap.serve(recording);
  recording.note(`tapping ${opts.to.href}: clients connect to http://${listen}`);
  // The one line a user needs (port 0 picks one); stdout stays free, as for the stdio tap.
  io.stderr.write(`rpcscope tap: listening on http://${listen} → ${opts.to.href}\n`);
  log(`listening on http://${listen} for ${opts.to.href}`);

  // A signal, or "Stop tap" in the app: the listener closes and every exchange and WebSocket with it.
  const signal = await new Promise<NodeJS.Signals | 'app'>((resolve) => {
    const stop = (sig: NodeJS.Signals | 'app') => () => resolve(sig);
    process.once('SIGINT', stop('SIGINT'));
    process.once('SIGTERM', stop('SIGTERM'));
    recording.onStop(stop('app'));
  });
  const why = signal === 'app' ? 'the tap was stopped from the app' : `the tap stopped (${signal})`;
  log(signal === 'app' ? 'stopping: asked from the app' : `stopping (${signal})`);
  await tap.close();
  await recording.end(null, why);
  return { code: 0 };
}
