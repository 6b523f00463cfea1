/**
 * What the probe must know about each connectable target kind, filed by kind so a new kind fails
 * to compile until it says: whether the probe started the process (so ending it harms nobody).
 * Whether each message is its own exchange (HTTP: what comes back on a POST belongs to it, so the
 * probe waits for that) is the kind's own `perRequestExchanges` (lib/targets).
 */
import type { ConnectableKind } from '../targets/registry';

export const PROBE_TRANSPORTS: { readonly [K in ConnectableKind]: { ownProcess: boolean } } = {
  stdio: { ownProcess: true },
  http: { ownProcess: false },
  websocket: { ownProcess: false },
  tcp: { ownProcess: false },
  unix: { ownProcess: false },
};
