/**
 * The LSP one-step start: the handshake template (initialize with the common text-document and
 * workspace capabilities, then `initialized`) and the requests a language server sends as a matter
 * of course — settings, dynamic registrations, work-done progress tokens — answered so it keeps going.
 */
import { isRecord } from './messages';
import { jsonInput, type DialectStart } from './start';
import type { TemplateStep } from './types';

/** A value for every item asked for; an array value is taken as the whole answer (as older rules were written). */
function perItem(value: unknown, params: unknown): unknown {
  if (Array.isArray(value)) return value;
  const items = isRecord(params) && Array.isArray(params.items) ? params.items : [];
  // At most the spec's sane bound of items; a server asking for more gets the same value for each.
  return items.slice(0, 10_000).map(() => value);
}

export function lspStart(handshake: readonly TemplateStep[]): DialectStart {
  return {
    summary: 'Sends initialize with common text-document and workspace capabilities, then initialized; answers settings and registrations.',
    handshake,
    answers: [
      {
        method: 'workspace/configuration',
        label: 'Answer workspace/configuration with the settings below (one copy per item asked)',
        initial: {},
        input: jsonInput('Settings (JSON)', {}),
        shape: perItem,
      },
      { method: 'client/registerCapability', label: 'Accept client/registerCapability', initial: null },
      { method: 'client/unregisterCapability', label: 'Accept client/unregisterCapability', initial: null },
      { method: 'window/workDoneProgress/create', label: 'Accept window/workDoneProgress/create', initial: null },
    ],
  };
}
