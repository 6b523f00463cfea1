/** Small labelled inputs shared by the per-transport forms. */
import type { InputHTMLAttributes, TextareaHTMLAttributes } from 'react';

/** Look of every text field in the form; width is set where the field is used. */
export const fieldLook =
  'rounded border border-line-strong bg-bg px-2 py-1 text-[12.5px] text-fg placeholder:text-faint focus:border-accent focus:outline-none';
export const inputClass = `w-full ${fieldLook}`;

export function Field({ label, hint, children, htmlFor }: { label: string; hint?: React.ReactNode; children: React.ReactNode; htmlFor?: string }) {
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={htmlFor} className="text-[11.5px] font-medium text-muted">{label}</label>
      {children}
      {hint ? <div className="text-[11.5px] leading-snug text-faint">{hint}</div> : null}
    </div>
  );
}

export function TextInput({ mono, className = '', ...rest }: InputHTMLAttributes<HTMLInputElement> & { mono?: boolean }) {
  return <input spellCheck={false} autoComplete="off" className={`${inputClass} ${mono ? 'font-mono' : ''} ${className}`} {...rest} />;
}

export function TextArea({ className = '', ...rest }: TextareaHTMLAttributes<HTMLTextAreaElement>) {
  return <textarea spellCheck={false} className={`${inputClass} resize-y font-mono leading-snug ${className}`} {...rest} />;
}

export function Select<T extends string>({ value, onChange, options, id, ariaLabel }: {
  value: T;
  onChange(v: T): void;
  options: { value: T; label: string }[];
  id?: string;
  ariaLabel?: string;
}) {
  return (
    <select id={id} aria-label={ariaLabel} value={value} onChange={(e) => onChange(e.target.value as T)} className={`${inputClass} h-7`}>
      {options.map((o) => <option key={o.value} value={o.value}>{o.label}</option>)}
    </select>
  );
}

export const FRAMING_OPTIONS = [
  { value: 'content-length' as const, label: 'Content-Length headers (LSP, DAP)' },
  { value: 'newline' as const, label: 'One message per line (MCP stdio)' },
  { value: 'auto' as const, label: 'Auto: the peer\'s first bytes decide' },
];
