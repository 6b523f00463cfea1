/**
 * The look of every form field and icon button, in one place. Use the components in
 * components/ui/Field.tsx where you can; these strings are for the few places that style a
 * third-party or unusual element the same way.
 */

const LOOK = 'min-w-0 rounded border border-line-strong bg-bg text-fg placeholder:text-faint focus:border-sel-line focus:outline-none disabled:opacity-50';

/** `sm` is the usual field; `xs` fits a dense row (a tree, a toolbar, a table) and lines up with a `xs` Button. */
export type FieldSize = 'xs' | 'sm';

// Heights match the Button sizes of the same name, so a field and its button line up.
const HEIGHT: Record<FieldSize, string> = { xs: 'h-6', sm: 'h-7' };
const TEXT: Record<FieldSize, string> = { xs: 'text-[12px]', sm: 'text-[12.5px]' };

/** A one-line field: names, searches, values; `code` for JSON ids, method names, paths (monospace, a little denser). */
export function fieldClass(size: FieldSize = 'sm', code = false): string {
  return `${HEIGHT[size]} ${LOOK} px-2 ${code ? 'font-mono text-[12px]' : TEXT[size]}`;
}

export function selectClass(size: FieldSize = 'sm'): string {
  return `${HEIGHT[size]} ${LOOK} px-1.5 ${size === 'xs' ? 'text-[11.5px]' : 'text-[12px]'}`;
}

/** A multi-line field; its height is set where it is used. */
export function areaClass(code: boolean): string {
  return `${LOOK} resize-y px-2 py-1 leading-snug ${code ? 'font-mono text-[12px]' : 'text-[12.5px]'}`;
}

export const iconButtonClass = 'inline-flex items-center justify-center rounded p-1 text-muted hover:bg-hover hover:text-fg disabled:opacity-40';
