/**
 * The MCP one-step start: initialize declaring the client features rpcscope honours — roots (it
 * answers roots/list from the list the user gives), sampling and elicitation (the MCP panes answer
 * them from a form) — then notifications/initialized, and `ping` and `roots/list` answered by rule.
 */
import type { AnswerInput, DialectStart } from './start';
import type { TemplateStep } from './types';

/** Declaring `capabilities: {}` hides what a server offers only to capable clients (server-everything hides 6 of 19 tools). */
export const MCP_CLIENT_CAPABILITIES = { roots: { listChanged: true }, sampling: {}, elicitation: {} };

const MAX_ROOTS = 100;

/** One root per line: a URI (`file:///home/me/project`), optionally followed by a space and its name. */
export function rootsFromText(text: string): { ok: true; value: { roots: { uri: string; name?: string }[] } } | { ok: false; error: string } {
  const lines = text.split('\n').map((l) => l.trim()).filter(Boolean);
  if (lines.length > MAX_ROOTS) return { ok: false, error: `Roots: at most ${MAX_ROOTS} lines` };
  const roots: { uri: string; name?: string }[] = [];
  for (const line of lines) {
    const [uri, ...name] = line.split(/\s+/);
    if (!/^[a-z][a-z0-9+.-]*:\/\//i.test(uri)) return { ok: false, error: `Roots: "${uri.slice(0, 80)}" is not a URI (file:///path)` };
    roots.push(name.length ? { uri, name: name.join(' ') } : { uri });
  }
  return { ok: true, value: { roots } };
}

const rootsInput: AnswerInput = {
  label: 'Roots, one URI per line (optionally a name after a space)',
  initialText: '',
  toValue: rootsFromText,
};

export function mcpStart(handshake: readonly TemplateStep[]): DialectStart {
  return {
    summary: 'Sends initialize (roots, sampling, elicitation), then notifications/initialized; answers ping and roots/list.',
    handshake,
    answers: [
      { method: 'roots/list', label: 'Answer roots/list with these roots', initial: { roots: [] }, input: rootsInput },
      { method: 'ping', label: 'Answer ping', initial: {} },
    ],
  };
}
