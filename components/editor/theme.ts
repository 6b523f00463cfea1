/**
 * Editor look: the app's palette through its CSS variables (app/globals.css), so the editor follows
 * the light/dark choice and the system setting exactly as the rest of the page does.
 */
import { HighlightStyle, syntaxHighlighting } from '@codemirror/language';
import { EditorView } from '@codemirror/view';
import { tags as t } from '@lezer/highlight';
import type { Extension } from '@codemirror/state';

const MONO = 'var(--font-mono, ui-monospace, SFMono-Regular, Menlo, Consolas, monospace)';

function base(dark: boolean) {
  return EditorView.theme(
    {
      '&': { color: 'var(--fg)', backgroundColor: 'transparent', fontSize: '12.5px', height: '100%' },
      '&.cm-focused': { outline: 'none' },
      '.cm-scroller': { fontFamily: MONO, lineHeight: '1.55', overflow: 'auto' },
      '.cm-content': { caretColor: 'var(--fg)', padding: '5px 0' },
      '.cm-line': { padding: '0 8px 0 6px' },
      '.cm-cursor, .cm-dropCursor': { borderLeftColor: 'var(--fg)' },
      '&.cm-focused > .cm-scroller > .cm-selectionLayer .cm-selectionBackground, .cm-selectionBackground, ::selection': { backgroundColor: 'var(--sel)' },
      '.cm-gutters': { backgroundColor: 'transparent', color: 'var(--faint)', border: 'none' },
      '.cm-lineNumbers .cm-gutterElement': { padding: '0 2px 0 6px', minWidth: '22px' },
      '.cm-activeLine': { backgroundColor: 'color-mix(in srgb, var(--hover) 70%, transparent)' },
      '.cm-activeLineGutter': { backgroundColor: 'transparent', color: 'var(--muted)' },
      '.cm-matchingBracket, &.cm-focused .cm-matchingBracket': { backgroundColor: 'var(--pair)', outline: 'none', color: 'inherit' },
      '.cm-nonmatchingBracket, &.cm-focused .cm-nonmatchingBracket': { backgroundColor: 'var(--err-bg)', color: 'var(--err)' },
      '.cm-foldPlaceholder': { backgroundColor: 'var(--panel-2)', border: '1px solid var(--line)', color: 'var(--muted)', padding: '0 4px' },
      '.cm-foldGutter span': { color: 'var(--faint)' },
      '.cm-tooltip': { backgroundColor: 'var(--bg)', color: 'var(--fg)', border: '1px solid var(--line-strong)', borderRadius: '4px', fontSize: '12px' },
      '.cm-tooltip-autocomplete > ul > li[aria-selected]': { backgroundColor: 'var(--sel)', color: 'var(--fg)' },
      '.cm-tooltip-lint': { fontFamily: MONO },
      '.cm-diagnostic-error': { borderLeftColor: 'var(--err)' },
      '.cm-placeholder': { color: 'var(--faint)' },
      '.cm-lintRange-error': { backgroundImage: 'none', textDecoration: 'underline wavy var(--err)', textUnderlineOffset: '3px' },
      '.cm-specialChar': { color: 'var(--warn)' },
    },
    { dark },
  );
}

const highlight = HighlightStyle.define([
  { tag: t.propertyName, color: 'var(--code-key)' },
  { tag: t.string, color: 'var(--code-str)' },
  { tag: t.number, color: 'var(--code-num)' },
  { tag: [t.bool, t.null], color: 'var(--code-lit)' },
  { tag: [t.separator, t.squareBracket, t.brace, t.punctuation], color: 'var(--muted)' },
  { tag: t.invalid, color: 'var(--err)' },
]);

export function editorTheme(isDark: boolean): Extension {
  return [base(isDark), syntaxHighlighting(highlight)];
}
