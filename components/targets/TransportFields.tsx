'use client';
/**
 * The fields of one target kind, drawn from the kind's own form description (lib/targets): a new
 * kind that uses the existing controls needs nothing here.
 */
import type { ArgvForm, ControlValues, FormField } from '@/lib/targets/kind';
import { formArgv } from '@/lib/targets/stdio';
import type { Framing } from '@/lib/session/types';
import { Button } from '@/components/ui/Button';
import { Field, Select, TextArea, TextInput } from '@/components/ui/Field';
import { HeaderList } from './HeaderList';

/** How the framing picker names each framing; a new framing fails to compile until it is named here. */
const FRAMING_LABEL: Record<Framing, string> = {
  'content-length': 'Content-Length headers (LSP, DAP)',
  newline: 'One message per line (MCP stdio)',
  auto: "Auto: the peer's first bytes decide",
};
const isFraming = (v: string): v is Framing => Object.prototype.hasOwnProperty.call(FRAMING_LABEL, v);

type Values = Record<string, ControlValues[keyof ControlValues]>;

function ArgvPreview({ value }: { value: ArgvForm }) {
  const r = formArgv(value);
  if (!r.ok) return value.commandLine.trim() || value.command.trim() ? <div className="text-[11.5px] text-err">{r.error}</div> : null;
  return (
    <div className="flex flex-wrap items-center gap-1" aria-label="Arguments as they will be passed">
      {r.argv.map((a, i) => (
        <span key={i} className={`rounded border px-1 font-mono text-[11.5px] ${i === 0 ? 'border-sel-line bg-sel text-fg' : 'border-line bg-panel text-fg'}`}>
          {a === '' ? <span className="text-faint">(empty)</span> : a}
        </span>
      ))}
    </div>
  );
}

/** A command to spawn: one shell-like line, or the command and one argument per line; shows the argv either way. */
function ArgvControl({ field, value, onChange }: { field: FormField<unknown>; value: ArgvForm; onChange(v: ArgvForm): void }) {
  return (
    <>
      {value.argsMode === 'line' ? (
        <Field label={field.label} htmlFor={field.id} hint={field.hint}>
          <TextInput id={field.id} code placeholder={field.placeholder} value={value.commandLine} onChange={(e) => onChange({ ...value, commandLine: e.target.value })} />
        </Field>
      ) : (
        <>
          <Field label="Command" htmlFor={`${field.id}-command`}>
            <TextInput id={`${field.id}-command`} code placeholder="node" value={value.command} onChange={(e) => onChange({ ...value, command: e.target.value })} />
          </Field>
          <Field label="Arguments, one per line" htmlFor={`${field.id}-args`} hint="Each line is passed as one argument, exactly as written.">
            <TextArea id={`${field.id}-args`} code rows={3} value={value.argsText} onChange={(e) => onChange({ ...value, argsText: e.target.value })} />
          </Field>
        </>
      )}
      <div className="flex items-start justify-between gap-2">
        <ArgvPreview value={value} />
        <Button variant="link" size="xs" onClick={() => onChange({ ...value, argsMode: value.argsMode === 'line' ? 'list' : 'line' })}>
          {value.argsMode === 'line' ? 'One per line' : 'Command line'}
        </Button>
      </div>
    </>
  );
}

function Control({ field, values, set }: { field: FormField<unknown>; values: Values; set(key: string, v: ControlValues[keyof ControlValues]): void }) {
  const { id, label, hint, placeholder, key } = field;
  switch (field.control) {
    case 'text':
    case 'number':
      return (
        <Field label={label} htmlFor={id} hint={hint}>
          <TextInput id={id} code inputMode={field.control === 'number' ? 'numeric' : undefined} placeholder={placeholder} value={values[key] as string} onChange={(e) => set(key, e.target.value)} />
        </Field>
      );
    case 'textarea':
      return (
        <Field label={label} htmlFor={id} hint={hint}>
          <TextArea id={id} code rows={2} placeholder={placeholder} value={values[key] as string} onChange={(e) => set(key, e.target.value)} />
        </Field>
      );
    case 'headers':
      return (
        <Field label={label} hint={hint}>
          <HeaderList idPrefix={id} rows={values[key] as ControlValues['headers']} onChange={(rows) => set(key, rows)} />
        </Field>
      );
    case 'framing':
      return (
        <Field label={label} htmlFor={id} hint={hint}>
          <Select id={id} value={values[key] as ControlValues['framing']} onChange={(e) => { if (isFraming(e.target.value)) set(key, e.target.value); }}>
            {Object.entries(FRAMING_LABEL).map(([value, text]) => <option key={value} value={value}>{text}</option>)}
          </Select>
        </Field>
      );
    case 'argv':
      return <ArgvControl field={field} value={values[key] as ArgvForm} onChange={(v) => set(key, v)} />;
    default: {
      const unknownControl: never = field;
      return unknownControl;
    }
  }
}

/** Every field of a kind, in its order; a `narrow` field sits in a column beside the one before it. */
export function TargetFields<F>({ fields, value, onChange }: { fields: readonly FormField<F>[]; value: F; onChange(v: F): void }) {
  const values = value as unknown as Values;
  const set = (key: string, v: ControlValues[keyof ControlValues]) => onChange({ ...values, [key]: v } as unknown as F);
  const all = fields as readonly FormField<unknown>[];
  const rows: FormField<unknown>[][] = [];
  for (const f of all) {
    if (f.narrow && rows.length) rows[rows.length - 1].push(f);
    else rows.push([f]);
  }
  return (
    <>
      {rows.map((row) =>
        row.length === 1 ? (
          <Control key={row[0].id} field={row[0]} values={values} set={set} />
        ) : (
          <div key={row[0].id} className="flex gap-2">
            {row.map((f, i) => (
              <div key={f.id} className={i === 0 ? 'min-w-0 flex-1' : 'w-24'}>
                <Control field={f} values={values} set={set} />
              </div>
            ))}
          </div>
        ),
      )}
    </>
  );
}
