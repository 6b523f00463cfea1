/**
 * JSON lint for the editor: JSON.parse decides validity (the same judge the send path uses); the
 * position comes from the engine's message when it has one, else from the first error node of the
 * syntax tree, so the squiggle lands near the mistake in every browser.
 */
import { syntaxTree } from '@codemirror/language';
import type { Diagnostic } from '@codemirror/lint';
import type { EditorView } from '@codemirror/view';
import { lintableJson } from '@/lib/builder/variables';

function positionFromMessage(message: string, doc: EditorView['state']['doc']): number | undefined {
  const pos = /position (\d+)/.exec(message);
  if (pos) return Number(pos[1]);
  const lc = /line (\d+) column (\d+)/.exec(message);
  if (lc) {
    const line = Number(lc[1]);
    if (line >= 1 && line <= doc.lines) return doc.line(line).from + Number(lc[2]) - 1;
  }
  return undefined;
}

export function jsonDiagnostics(view: EditorView, allowEmpty: boolean): Diagnostic[] {
  const text = view.state.doc.toString();
  if (text.trim() === '') {
    return allowEmpty ? [] : [{ from: 0, to: 0, severity: 'error', message: 'Empty: type a JSON value' }];
  }
  try {
    // A `{{variable}}` stands for a value: it is filled in before sending (lib/builder/variables.ts).
    JSON.parse(lintableJson(text));
    return [];
  } catch (e) {
    const message = (e instanceof Error ? e.message : String(e)).replace(/^JSON\.parse: /, '');
    let pos = positionFromMessage(message, view.state.doc);
    if (pos === undefined) {
      syntaxTree(view.state).iterate({
        enter(node) {
          if (pos === undefined && node.type.isError) pos = node.from;
          return pos === undefined;
        },
      });
    }
    const at = Math.max(0, Math.min(pos ?? text.length, text.length));
    return [{ from: at, to: Math.min(at + 1, text.length), severity: 'error', message }];
  }
}
