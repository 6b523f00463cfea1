'use client';
/**
 * The shared JSON editor (CodeMirror 6). It never rewrites what the user typed: no auto-closing
 * quotes or brackets, no re-indenting as you type, no escaping, no reformatting unless the user
 * presses Format. The `value` prop only replaces the document when it really differs from it, so
 * typing round-trips through React state without moving the cursor.
 */
import { autocompletion, completionKeymap, type CompletionSource } from '@codemirror/autocomplete';
import { defaultKeymap, history, historyKeymap, indentWithTab } from '@codemirror/commands';
import { json } from '@codemirror/lang-json';
import { bracketMatching, foldGutter, foldKeymap } from '@codemirror/language';
import { lintGutter, linter } from '@codemirror/lint';
import { Annotation, Compartment, EditorState, Prec, type Extension } from '@codemirror/state';
import { drawSelection, EditorView, highlightActiveLine, keymap, lineNumbers, placeholder as placeholderExt } from '@codemirror/view';
import { useCallback, useEffect, useRef } from 'react';
import { formatJson } from '@/lib/builder/json-text';
import { jsonDiagnostics } from './json-lint';
import { editorTheme } from './theme';
import { isDarkNow, useDarkMode } from './useDarkMode';

export interface JsonEditorProps {
  value: string;
  onChange?: (value: string) => void;
  /** Ctrl/Cmd+Enter. */
  onSubmit?: () => void;
  /** Extra completions (e.g. param names from a schema); off when absent. */
  completions?: CompletionSource;
  readOnly?: boolean;
  'aria-label': string;
  placeholder?: string;
  /** Empty text is fine (no lint error) — e.g. optional error data. */
  allowEmpty?: boolean;
  /** Show line numbers and fold gutter (default true). */
  gutters?: boolean;
  className?: string;
  /** Hide the Format button (it is also on Shift+Alt+F). */
  hideFormat?: boolean;
  testId?: string;
}

/** Marks documents set from the `value` prop, so they are not echoed back through onChange. */
const External = Annotation.define<boolean>();

export function JsonEditor(props: JsonEditorProps) {
  const { value, readOnly = false, allowEmpty = false, gutters = true, className = '', hideFormat = false } = props;
  const host = useRef<HTMLDivElement>(null);
  const viewRef = useRef<EditorView | null>(null);
  const latest = useRef(props);
  const dark = useDarkMode();
  const comps = useRef({ theme: new Compartment(), readOnly: new Compartment(), complete: new Compartment() });

  useEffect(() => {
    latest.current = props;
  });

  const format = useCallback((view: EditorView): boolean => {
    if (view.state.readOnly) return false;
    const text = view.state.doc.toString();
    const pretty = formatJson(text);
    if (pretty === null || pretty === text) return pretty !== null;
    view.dispatch({ changes: { from: 0, to: view.state.doc.length, insert: pretty }, userEvent: 'format' });
    return true;
  }, []);

  // Create once; later prop changes go through compartments and the value effect below.
  useEffect(() => {
    if (!host.current) return;
    const p = latest.current;
    const c = comps.current;
    const extensions: Extension[] = [
      Prec.highest(
        keymap.of([
          {
            key: 'Mod-Enter',
            run: () => {
              const submit = latest.current.onSubmit;
              if (!submit) return false;
              submit();
              return true;
            },
          },
          { key: 'Shift-Alt-f', run: format },
        ]),
      ),
      // One separator in and out: a \r the user pasted stays a \r (shown as a special char), so
      // raw text reaches the wire byte for byte.
      EditorState.lineSeparator.of('\n'),
      history(),
      drawSelection(),
      highlightActiveLine(),
      EditorView.lineWrapping,
      bracketMatching(),
      json(),
      linter((view) => jsonDiagnostics(view, latest.current.allowEmpty ?? false), { delay: 250 }),
      keymap.of([...defaultKeymap, ...historyKeymap, ...foldKeymap, ...completionKeymap, indentWithTab]),
      EditorView.contentAttributes.of({ 'aria-label': p['aria-label'], spellcheck: 'false', autocorrect: 'off', autocapitalize: 'off' }),
      EditorView.updateListener.of((u) => {
        if (!u.docChanged) return;
        if (u.transactions.some((tr) => tr.annotation(External))) return;
        latest.current.onChange?.(u.state.doc.toString());
      }),
      c.theme.of(editorTheme(isDarkNow())),
      c.readOnly.of([EditorState.readOnly.of(p.readOnly ?? false), EditorView.editable.of(!(p.readOnly ?? false))]),
      c.complete.of(p.completions ? autocompletion({ override: [p.completions] }) : []),
    ];
    if (p.gutters ?? true) extensions.push(lineNumbers(), foldGutter(), lintGutter());
    if (p.placeholder) extensions.push(placeholderExt(p.placeholder));
    const view = new EditorView({ parent: host.current, state: EditorState.create({ doc: p.value, extensions }) });
    viewRef.current = view;
    return () => {
      view.destroy();
      viewRef.current = null;
    };
  }, [format]);

  useEffect(() => {
    const view = viewRef.current;
    if (!view) return;
    const current = view.state.doc.toString();
    if (value === current) return;
    view.dispatch({ changes: { from: 0, to: current.length, insert: value }, annotations: [External.of(true)] });
  }, [value]);

  useEffect(() => {
    viewRef.current?.dispatch({ effects: comps.current.theme.reconfigure(editorTheme(dark)) });
  }, [dark]);

  useEffect(() => {
    viewRef.current?.dispatch({
      effects: comps.current.readOnly.reconfigure([EditorState.readOnly.of(readOnly), EditorView.editable.of(!readOnly)]),
    });
  }, [readOnly]);

  useEffect(() => {
    const source = props.completions;
    viewRef.current?.dispatch({ effects: comps.current.complete.reconfigure(source ? autocompletion({ override: [source] }) : []) });
  }, [props.completions]);

  return (
    <div
      className={`group relative min-h-0 overflow-hidden rounded-md border border-line bg-bg focus-within:border-sel-line focus-within:ring-1 focus-within:ring-sel-line/40 ${className}`}
      data-testid={props.testId}
      data-allow-empty={allowEmpty ? 'true' : undefined}
      data-gutters={gutters ? undefined : 'false'}
    >
      <div ref={host} className="h-full" />
      {!readOnly && !hideFormat && (
        <button
          type="button"
          title="Format (Shift+Alt+F): re-indent only, every token kept"
          onMouseDown={(e) => e.preventDefault()}
          onClick={() => viewRef.current && format(viewRef.current)}
          className="absolute bottom-1 right-1.5 rounded border border-line bg-bg/90 px-1.5 py-px text-[11px] text-muted opacity-0 transition hover:text-fg hover:opacity-100 focus-visible:opacity-100 group-focus-within:opacity-100 group-hover:opacity-70"
        >
          Format
        </button>
      )}
    </div>
  );
}
