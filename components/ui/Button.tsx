/** The app's buttons: one look per variant and size, so no component writes its own button classes. */
import type { ButtonHTMLAttributes } from 'react';
import { iconButtonClass } from './fields';

/** `link` is an action written as accent text ("Add header", "One per line"), still a button. */
type Variant = 'primary' | 'secondary' | 'ghost' | 'danger' | 'link';
type Size = 'xs' | 'sm' | 'md';

const VARIANTS: Record<Variant, string> = {
  primary: 'bg-accent text-accent-fg border-accent hover:brightness-110',
  secondary: 'bg-bg text-fg border-line-strong hover:bg-hover',
  ghost: 'bg-transparent text-muted border-transparent hover:bg-hover hover:text-fg',
  danger: 'bg-bg text-err border-line-strong hover:bg-err-bg',
  link: 'bg-transparent text-accent border-transparent hover:underline',
};

const SIZES: Record<Size, string> = {
  xs: 'h-6 px-1.5 text-[12px] gap-1',
  sm: 'h-7 px-2.5 text-[12.5px] gap-1.5',
  md: 'h-8 px-3 text-[13px] gap-2',
};

export function Button({
  variant = 'secondary',
  size = 'sm',
  className = '',
  type = 'button',
  ...rest
}: ButtonHTMLAttributes<HTMLButtonElement> & { variant?: Variant; size?: Size }) {
  return (
    <button
      type={type}
      className={`inline-flex shrink-0 items-center justify-center rounded border font-medium whitespace-nowrap transition-colors disabled:cursor-not-allowed disabled:opacity-50 ${SIZES[size]} ${VARIANTS[variant]} ${className}`}
      {...rest}
    />
  );
}

/** A borderless button holding only an icon; give it an aria-label. */
export function IconButton({ className = '', type = 'button', ...rest }: ButtonHTMLAttributes<HTMLButtonElement>) {
  return <button type={type} className={`${iconButtonClass} ${className}`} {...rest} />;
}

/** A small on/off chip for filter toggles. */
export function Toggle({ on, onChange, children, title, tone }: {
  on: boolean;
  onChange(next: boolean): void;
  children: React.ReactNode;
  title?: string;
  tone?: 'err' | 'warn' | 'pending';
}) {
  const onColor = tone === 'err' ? 'border-err text-err bg-err-bg' : tone === 'warn' ? 'border-warn text-warn bg-warn-bg' : 'border-sel-line text-accent bg-sel';
  return (
    <button
      type="button"
      aria-pressed={on}
      title={title}
      onClick={() => onChange(!on)}
      className={`h-6 shrink-0 rounded border px-2 text-[12px] whitespace-nowrap transition-colors ${on ? onColor : 'border-line text-muted hover:bg-hover hover:text-fg'}`}
    >
      {children}
    </button>
  );
}
