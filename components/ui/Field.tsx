/**
 * The app's form fields: text inputs, text areas and selects with one look (components/ui/fields.ts),
 * and `Field`, a label with an optional hint above one of them.
 * `code` makes a field monospace, for ids, method names, commands and JSON, and turns spell-checking
 * and autocomplete off (what is typed there is not prose).
 */
import type { InputHTMLAttributes, ReactNode, Ref, SelectHTMLAttributes, TextareaHTMLAttributes } from 'react';
import { areaClass, fieldClass, selectClass, type FieldSize } from './fields';

interface Look {
  code?: boolean;
}

const codeDefaults = { spellCheck: false, autoComplete: 'off' } as const;

export function TextInput({ code = false, size = 'sm', className = '', ...rest }: Omit<InputHTMLAttributes<HTMLInputElement>, 'size'> & Look & { size?: FieldSize; ref?: Ref<HTMLInputElement> }) {
  return <input {...(code ? codeDefaults : {})} className={`${fieldClass(size, code)} ${className}`} {...rest} />;
}

/** Multi-line; give it a height (`h-28`) or `rows` where it is used. */
export function TextArea({ code = false, className = '', ...rest }: TextareaHTMLAttributes<HTMLTextAreaElement> & Look & { ref?: Ref<HTMLTextAreaElement> }) {
  return <textarea {...(code ? codeDefaults : {})} className={`${areaClass(code)} ${className}`} {...rest} />;
}

export function Select({ size = 'sm', className = '', ...rest }: Omit<SelectHTMLAttributes<HTMLSelectElement>, 'size'> & { size?: FieldSize; ref?: Ref<HTMLSelectElement> }) {
  return <select className={`${selectClass(size)} ${className}`} {...rest} />;
}

/** A field with its label above and an optional hint below; `htmlFor` names the field's id. */
export function Field({ label, hint, children, htmlFor }: { label: string; hint?: ReactNode; children: ReactNode; htmlFor?: string }) {
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={htmlFor} className="text-[11.5px] font-medium text-muted">{label}</label>
      {children}
      {hint ? <div className="text-[11.5px] leading-snug text-faint">{hint}</div> : null}
    </div>
  );
}
