/**
 * What the probe must know about each connectable target kind, filed by kind so a new kind fails
 * to compile until it says: whether each message is its own exchange (HTTP: what comes back on a
 * POST belongs to it, so the probe waits for that), or one stream where "nothing came back" is
 * only seen when a later request's answer arrives first; and whether the probe started the process.
 */
import type { ConnectableKind } from '../targets/registry';

export const PROBE_TRANSPORTS: { readonly [K in ConnectableKind]: { perRequestExchanges: boolean; ownProcess: boolean } } = {
  stdio: { perRequestExchanges: false, ownProcess: true },
  http: { perRequestExchanges: true, ownProcess: false },
  websocket: { perRequestExchanges: false, ownProcess: false },
  tcp: { perRequestExchanges: false, ownProcess: false },
  unix: { perRequestExchanges: false, ownProcess: false },
};
