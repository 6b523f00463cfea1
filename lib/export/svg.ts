/**
 * The sequence diagram of a whole session file as one SVG document: the same drawing as the app's
 * "Export SVG" (lib/views/sequence-svg), for the export route, the dialog and `rpcscope export`.
 */
import type { SessionFileV1 } from '../session/types';
import { isConnectableKind } from '../targets/registry';
import { lanesFor } from '../views/sequence';
import { sequenceSvg } from '../views/sequence-svg';

export function buildSequenceSvg(file: SessionFileV1): string {
  const bySeq = new Map(file.events.map((ev) => [ev.seq, ev]));
  // A tapped conversation has three lanes (client, rpcscope, server); a connected one two.
  const lanes = lanesFor(!isConnectableKind(file.target.kind));
  return sequenceSvg(file.events, file.events.map((_, i) => i), (seq) => bySeq.get(seq), lanes);
}
