'use client';
/**
 * "Start the session for me" in the connect form: shown for a dialect with a one-step start. Each
 * routine answer has its own checkbox (and text box where its value is the user's to give).
 */
import { Field, TextArea } from '@/components/ui/Field';
import { dialectStart, type StartForm } from './one-step';

export function StartOptions({ dialect, value, onChange }: { dialect: string; value: StartForm; onChange(v: StartForm): void }) {
  const start = dialectStart(dialect);
  if (!start) return null;
  const toggleAnswer = (method: string, on: boolean) =>
    onChange({ ...value, off: on ? value.off.filter((m) => m !== method) : [...value.off, method] });
  return (
    <fieldset className="flex flex-col gap-1.5 rounded-md border border-line p-2" aria-label="Start the session">
      <label className="flex items-center gap-2 text-xs font-medium text-fg">
        <input type="checkbox" checked={value.on} onChange={(e) => onChange({ ...value, on: e.target.checked })} />
        Start the session for me
      </label>
      <p className="text-[11.5px] leading-snug text-faint">{start.summary} Every message shows in the timeline.</p>
      {value.on
        ? start.answers.map((a) => {
            const on = !value.off.includes(a.method);
            const id = `start-answer-${a.method.replace(/[^a-z0-9]+/gi, '-')}`;
            return (
              <div key={a.method} className="flex flex-col gap-1 pl-4">
                <label className="flex items-center gap-2 text-[11.5px] text-muted">
                  <input type="checkbox" checked={on} onChange={(e) => toggleAnswer(a.method, e.target.checked)} />
                  {a.label}
                </label>
                {on && a.input ? (
                  <Field label={a.input.label} htmlFor={id}>
                    <TextArea
                      id={id}
                      code
                      rows={2}
                      value={value.texts[a.method] ?? a.input.initialText}
                      onChange={(e) => onChange({ ...value, texts: { ...value.texts, [a.method]: e.target.value } })}
                    />
                  </Field>
                ) : null}
              </div>
            );
          })
        : null}
    </fieldset>
  );
}
