'use client';
/** One choice of a few, as a row of radio buttons (the builder's modes, the connect form's transports). */

export function Segmented<T extends string>(props: {
  value: T;
  options: { value: T; label: string; title?: string }[];
  onChange: (value: T) => void;
  label: string;
  disabled?: boolean;
  size?: 'sm' | 'xs';
  /** Spread over the whole width, each choice sharing it (the connect form's transports). */
  stretch?: boolean;
}) {
  const pad = props.size === 'xs' ? 'h-5 px-1.5 text-[11.5px]' : 'h-6 px-2 text-[12px]';
  return (
    <div role="radiogroup" aria-label={props.label} className={`${props.stretch ? 'flex w-full' : 'inline-flex shrink-0'} rounded border border-line bg-panel p-px`}>
      {props.options.map((o) => {
        const on = o.value === props.value;
        return (
          <button
            key={o.value}
            type="button"
            role="radio"
            aria-checked={on}
            title={o.title}
            disabled={props.disabled}
            onClick={() => props.onChange(o.value)}
            className={`${pad} ${props.stretch ? 'flex-auto' : ''} whitespace-nowrap rounded-[3px] transition-colors disabled:opacity-50 ${
              on ? 'bg-bg font-medium text-fg shadow-sm ring-1 ring-line-strong' : 'text-muted hover:text-fg'
            }`}
          >
            {o.label}
          </button>
        );
      })}
    </div>
  );
}
