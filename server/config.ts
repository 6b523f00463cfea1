/**
 * Server settings from the command line and the environment, with safe embedded defaults:
 * loopback only, a fresh random token per start, data under the project folder.
 */
import { randomBytes } from 'node:crypto';
import { DEFAULT_HEARTBEAT, type HeartbeatOptions } from './bridge-heartbeat';

export interface ServerConfig {
  host: string;
  port: number;
  token: string;
  dataDir?: string;
  /** Largest the database may grow (bytes); writes beyond fail as on a full disk, and are reported. */
  maxDbBytes?: number;
  dev: boolean;
  /** Extra Host header names accepted besides loopback names (for the DANGEROUSLY_ opt-out only). */
  allowedHosts: string[];
  dangerouslyAllowAllInterfaces: boolean;
  dangerouslySkipOriginCheck: boolean;
  /** Bridge sockets quiet this long are pinged, and closed when the pong is this late. */
  bridgeHeartbeat?: HeartbeatOptions;
}

const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '::1', '[::1]']);

export function isLoopbackHost(host: string): boolean {
  return LOOPBACK_HOSTS.has(host) || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host);
}

export function loadConfig(argv: string[], env: Record<string, string | undefined>): ServerConfig {
  const flag = (name: string) => argv.includes(name);
  const option = (name: string) => {
    const i = argv.indexOf(name);
    return i >= 0 ? argv[i + 1] : undefined;
  };
  const host = option('--host') ?? env.RPCSCOPE_HOST ?? '127.0.0.1';
  const dangerouslyAllowAllInterfaces =
    flag('--DANGEROUSLY-allow-all-interfaces') || env.RPCSCOPE_DANGEROUSLY_ALLOW_ALL_INTERFACES === '1';
  if (!isLoopbackHost(host) && !dangerouslyAllowAllInterfaces) {
    throw new Error(
      `refusing to listen on ${host}: rpcscope can spawn programs, so it binds to 127.0.0.1 only. ` +
        'Set RPCSCOPE_DANGEROUSLY_ALLOW_ALL_INTERFACES=1 if you really mean it.',
    );
  }
  const portText = option('--port') ?? env.RPCSCOPE_PORT ?? '7717';
  const port = Number(portText);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`bad port: ${portText}`);
  const token = env.RPCSCOPE_TOKEN ?? randomBytes(24).toString('hex');
  if (!/^[A-Za-z0-9_-]{32,128}$/.test(token)) {
    throw new Error('RPCSCOPE_TOKEN must be 32-128 characters of [A-Za-z0-9_-] (at least 128 bits)');
  }
  const maxDbText = option('--max-db-mb') ?? env.RPCSCOPE_MAX_DB_MB;
  const maxDbMb = maxDbText === undefined ? undefined : Number(maxDbText);
  if (maxDbMb !== undefined && !(Number.isFinite(maxDbMb) && maxDbMb >= 1)) throw new Error(`bad database size limit (MB): ${maxDbText}`);
  return {
    host,
    port,
    token,
    dataDir: option('--data-dir') ?? env.RPCSCOPE_DATA_DIR,
    maxDbBytes: maxDbMb === undefined ? undefined : Math.floor(maxDbMb * 1024 * 1024),
    dev: flag('--dev'),
    allowedHosts: (env.RPCSCOPE_DANGEROUSLY_ALLOWED_HOSTS ?? '').split(',').map((h) => h.trim()).filter(Boolean),
    dangerouslyAllowAllInterfaces,
    dangerouslySkipOriginCheck: env.RPCSCOPE_DANGEROUSLY_SKIP_ORIGIN_CHECK === '1',
    bridgeHeartbeat: {
      intervalMs: msFrom(env, 'RPCSCOPE_BRIDGE_PING_MS', DEFAULT_HEARTBEAT.intervalMs),
      timeoutMs: msFrom(env, 'RPCSCOPE_BRIDGE_PONG_TIMEOUT_MS', DEFAULT_HEARTBEAT.timeoutMs),
    },
  };
}

function msFrom(env: Record<string, string | undefined>, name: string, fallback: number): number {
  const text = env[name];
  if (text === undefined || text === '') return fallback;
  const ms = Number(text);
  if (!Number.isInteger(ms) || ms < 10 || ms > 86_400_000) throw new Error(`${name} must be a whole number of milliseconds from 10 to 86400000, not ${JSON.stringify(text)}`);
  return ms;
}
