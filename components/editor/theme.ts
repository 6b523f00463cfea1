/** Editor look for light and dark: calm, dense, monospace; colours match the app's zinc palette. */
import { HighlightStyle, syntaxHighlighting } from '@codemirror/language';
import { EditorView } from '@codemirror/view';
import { tags as t } from '@lezer/highlight';
import type { Extension } from '@codemirror/state';

const MONO = 'ui-monospace, SFMono-Regular, "JetBrains Mono", Menlo, Consolas, monospace';

function base(dark: boolean) {
  const c = dark
    ? { fg: '#e4e4e7', muted: '#71717a', gutter: '#52525b', sel: '#3f3f46', active: '#27272a80', cursor: '#e4e4e7', match: '#3f3f46', tooltip: '#18181b', border: '#3f3f46' }
    : { fg: '#27272a', muted: '#a1a1aa', gutter: '#a1a1aa', sel: '#dbeafe', active: '#f4f4f580', cursor: '#18181b', match: '#e4e4e7', tooltip: '#ffffff', border: '#e4e4e7' };
  return EditorView.theme(
    {
      '&': { color: c.fg, backgroundColor: 'transparent', fontSize: '12.5px', height: '100%' },
      '&.cm-focused': { outline: 'none' },
      '.cm-scroller': { fontFamily: MONO, lineHeight: '1.55', overflow: 'auto' },
      '.cm-content': { caretColor: c.cursor, padding: '6px 0' },
      '.cm-cursor, .cm-dropCursor': { borderLeftColor: c.cursor },
      '&.cm-focused > .cm-scroller > .cm-selectionLayer .cm-selectionBackground, .cm-selectionBackground, ::selection': { backgroundColor: c.sel },
      '.cm-gutters': { backgroundColor: 'transparent', color: c.gutter, border: 'none' },
      '.cm-activeLine': { backgroundColor: c.active },
      '.cm-activeLineGutter': { backgroundColor: 'transparent', color: c.fg },
      '.cm-matchingBracket, &.cm-focused .cm-matchingBracket': { backgroundColor: c.match, outline: `1px solid ${c.muted}` },
      '.cm-nonmatchingBracket': { color: dark ? '#f87171' : '#dc2626' },
      '.cm-foldPlaceholder': { backgroundColor: c.match, border: 'none', color: c.muted, padding: '0 4px' },
      '.cm-tooltip': { backgroundColor: c.tooltip, border: `1px solid ${c.border}`, borderRadius: '6px', fontSize: '12px' },
      '.cm-tooltip-autocomplete > ul > li[aria-selected]': { backgroundColor: dark ? '#1e3a8a' : '#dbeafe', color: c.fg },
      '.cm-tooltip-lint': { fontFamily: MONO },
      '.cm-placeholder': { color: c.muted },
      '.cm-lintRange-error': { backgroundImage: 'none', textDecoration: `underline wavy ${dark ? '#f87171' : '#dc2626'}`, textUnderlineOffset: '3px' },
    },
    { dark },
  );
}

const light = HighlightStyle.define([
  { tag: t.propertyName, color: '#0369a1' },
  { tag: t.string, color: '#047857' },
  { tag: t.number, color: '#b45309' },
  { tag: [t.bool, t.null], color: '#7c3aed' },
  { tag: [t.separator, t.squareBracket, t.brace, t.punctuation], color: '#71717a' },
  { tag: t.invalid, color: '#dc2626' },
]);

const dark = HighlightStyle.define([
  { tag: t.propertyName, color: '#7dd3fc' },
  { tag: t.string, color: '#6ee7b7' },
  { tag: t.number, color: '#fcd34d' },
  { tag: [t.bool, t.null], color: '#c4b5fd' },
  { tag: [t.separator, t.squareBracket, t.brace, t.punctuation], color: '#a1a1aa' },
  { tag: t.invalid, color: '#f87171' },
]);

export function editorTheme(isDark: boolean): Extension {
  return [base(isDark), syntaxHighlighting(isDark ? dark : light)];
}
