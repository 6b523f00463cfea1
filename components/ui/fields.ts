/**
 * The look of every form field and icon button, in one place. Use the components in
 * components/ui/Field.tsx where you can; these strings are for the few places that style a
 * third-party or unusual element the same way.
 */

const LOOK = 'min-w-0 rounded border border-line-strong bg-bg text-fg placeholder:text-faint focus:border-sel-line focus:outline-none disabled:opacity-50';

/** A text field: names, searches, values. */
export const fieldClass = `h-7 ${LOOK} px-2 text-[12.5px]`;

/** A field for code: JSON ids, method names, error codes (monospace, a little denser). */
export const codeFieldClass = `h-7 ${LOOK} px-2 font-mono text-[12px]`;

export const selectClass = `h-7 ${LOOK} px-1.5 text-[12px]`;

/** A multi-line field; its height is set where it is used. */
export function areaClass(code: boolean): string {
  return `${LOOK} resize-y px-2 py-1 leading-snug ${code ? 'font-mono text-[12px]' : 'text-[12.5px]'}`;
}

export const iconButtonClass = 'inline-flex items-center justify-center rounded p-1 text-muted hover:bg-hover hover:text-fg disabled:opacity-40';
