/**
 * The app's form fields: text inputs, text areas and selects with one look (components/ui/fields.ts).
 * `code` makes a field monospace, for ids, method names and JSON.
 */
import type { InputHTMLAttributes, Ref, SelectHTMLAttributes, TextareaHTMLAttributes } from 'react';
import { areaClass, codeFieldClass, fieldClass, selectClass } from './fields';

interface Look {
  code?: boolean;
}

export function TextInput({ code = false, className = '', ...rest }: InputHTMLAttributes<HTMLInputElement> & Look & { ref?: Ref<HTMLInputElement> }) {
  return <input className={`${code ? codeFieldClass : fieldClass} ${className}`} {...rest} />;
}

/** Multi-line; give it a height (`h-28`) where it is used. */
export function TextArea({ code = false, className = '', ...rest }: TextareaHTMLAttributes<HTMLTextAreaElement> & Look & { ref?: Ref<HTMLTextAreaElement> }) {
  return <textarea className={`${areaClass(code)} ${className}`} {...rest} />;
}

export function Select({ className = '', ...rest }: SelectHTMLAttributes<HTMLSelectElement> & { ref?: Ref<HTMLSelectElement> }) {
  return <select className={`${selectClass} ${className}`} {...rest} />;
}
