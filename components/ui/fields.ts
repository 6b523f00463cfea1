/**
 * The look of every form field and icon button, in one place. Use the components in
 * components/ui/Field.tsx where you can; these strings are for the few places that style a
 * third-party or unusual element the same way.
 */

const FIELD = 'h-7 min-w-0 rounded border border-line-strong bg-bg text-fg placeholder:text-faint focus:border-sel-line focus:outline-none disabled:opacity-50';

/** A text field: names, searches, values. */
export const fieldClass = `${FIELD} px-2 text-[12.5px]`;

/** A field for code: JSON ids, method names, error codes (monospace, a little denser). */
export const codeFieldClass = `${FIELD} px-2 font-mono text-[12px]`;

export const selectClass = `${FIELD} px-1.5 text-[12px]`;

export const iconButtonClass = 'inline-flex items-center justify-center rounded p-1 text-muted hover:bg-hover hover:text-fg disabled:opacity-40';
