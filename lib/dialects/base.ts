/**
 * Plain JSON-RPC 2.0: no codes beyond the standard catalog (which is consulted after any dialect),
 * no cancellation, no lifecycle. The profile every session starts on.
 */
import { decodeByCode, makeCatalog } from './catalog';
import { renderJsonRpc } from './messages';
import type { DialectProfile, LifecycleChecker } from './types';

const catalog = makeCatalog('jsonrpc', 'JSON-RPC 2.0', []);

/** A checker that never finds anything: for dialects without lifecycle rules. */
export function noLifecycle(): LifecycleChecker {
  return { observe: () => [] };
}

export const baseProfile: DialectProfile<'base'> = {
  id: 'base',
  title: 'JSON-RPC 2.0',
  label: 'JSON-RPC 2.0',
  summary: 'Plain JSON-RPC 2.0 with no protocol on top.',
  specUrl: 'https://www.jsonrpc.org/specification',
  wire: 'jsonrpc',
  // Plain JSON-RPC has no framing of its own: the user picks one, or `auto` lets the peer's bytes decide.
  framing: null,
  errors: catalog,
  decodeError: (error) => decodeByCode(catalog, error),
  errorsByMessage: false,
  // The fallback: a session is plain JSON-RPC until another dialect's marker is seen.
  markers: null,
  methods: [
    {
      name: 'rpc.discover',
      direction: 'client→server',
      kind: 'request',
      summary: 'OpenRPC service discovery: returns the OpenRPC document describing this server (when it has one).',
    },
  ],
  cancel: () => ({ ok: false, reason: 'Plain JSON-RPC 2.0 defines no way to cancel a request.' }),
  progress: { methods: [], howTo: 'Plain JSON-RPC 2.0 defines no progress messages.' },
  streamingMethods: new Set(),
  templates: [
    {
      id: 'rpc-discover',
      title: 'OpenRPC discovery',
      summary: 'Ask the server for its OpenRPC document.',
      steps: [{ kind: 'request', method: 'rpc.discover', expect: 'An OpenRPC document as the result, or -32601 when the server has none.' }],
    },
  ],
  render: (step, options) => renderJsonRpc(step, options?.id),
  createLifecycleChecker: noLifecycle,
};
