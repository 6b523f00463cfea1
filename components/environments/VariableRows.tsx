'use client';
/** The variables table of an environment: name, value, secret; a stored secret is never shown. */
import { VARIABLE_NAME } from '@/lib/variables/substitute';
import { SECRET_MASK, type Variable } from '@/components/stores/environments';
import { IconPlus, IconTrash } from '@/components/ui/icons';
import { TextInput } from '@/components/ui/Field';
import { IconButton } from '@/components/ui/Button';

export interface Row {
  key: number;
  name: string;
  value: string;
  secret: boolean;
  /** A secret the server holds: its value field stays empty and the stored value is kept. */
  kept: boolean;
  /** A secret that came by name only (an imported file, a team template): asked for on first use. */
  needsValue?: boolean;
}

let nextKey = 1;

export function rowsFrom(vars: readonly Variable[]): Row[] {
  return vars.map((v) => ({ key: nextKey++, name: v.name, value: v.secret ? '' : v.value, secret: v.secret, kept: v.secret && v.value !== '', needsValue: v.secret && v.value === '' }));
}

export function rowsToVariables(rows: readonly Row[]): Variable[] {
  return rows
    .filter((r) => r.name.trim() !== '' || r.value !== '')
    // The mask sent back for an untouched stored secret means "keep what you have".
    .map((r) => ({ name: r.name.trim(), value: r.kept && r.value === '' ? SECRET_MASK : r.value, secret: r.secret }));
}

/** row key → what is wrong with it. */
export function rowProblems(rows: readonly Row[]): Map<number, string> {
  const out = new Map<number, string>();
  const seen = new Set<string>();
  for (const r of rows) {
    const name = r.name.trim();
    if (name === '' && r.value === '') continue;
    if (name === '') out.set(r.key, 'give it a name');
    else if (name.length > 100) out.set(r.key, 'at most 100 characters');
    else if (!VARIABLE_NAME.test(name)) out.set(r.key, 'a letter or _, then letters, digits, _ . -');
    else if (seen.has(name)) out.set(r.key, 'this name is used twice');
    seen.add(name);
  }
  return out;
}

export function VariableRows({ rows, onChange, problems }: { rows: Row[]; onChange(rows: Row[]): void; problems: Map<number, string> }) {
  const patch = (key: number, p: Partial<Row>) => onChange(rows.map((r) => (r.key === key ? { ...r, ...p } : r)));
  const add = () => onChange([...rows, { key: nextKey++, name: '', value: '', secret: false, kept: false }]);
  return (
    <div>
      <table className="w-full border-collapse text-[12px]" aria-label="Variables">
        <thead>
          <tr className="text-left text-[10.5px] tracking-wider text-faint uppercase">
            <th className="w-[32%] pb-1 font-semibold">Name</th>
            <th className="pb-1 font-semibold">Value</th>
            <th className="w-16 pb-1 text-center font-semibold">Secret</th>
            <th className="w-7" />
          </tr>
        </thead>
        <tbody>
          {rows.map((r, i) => {
            const problem = problems.get(r.key);
            return (
              <tr key={r.key} className="align-top">
                <td className="py-0.5 pr-1.5">
                  <TextInput
                    aria-label={`Variable ${i + 1} name`}
                    value={r.name}
                    spellCheck={false}
                    maxLength={100}
                    placeholder="name"
                    onChange={(e) => patch(r.key, { name: e.target.value })}
                    className={`h-6 w-full font-mono text-[12px] ${problem ? 'border-err' : ''}`}
                  />
                  {problem ? <div className="text-[11px] text-err">{problem}</div> : null}
                </td>
                <td className="py-0.5 pr-1.5">
                  <TextInput
                    aria-label={`Variable ${i + 1} value`}
                    type={r.secret ? 'password' : 'text'}
                    autoComplete="off"
                    spellCheck={false}
                    value={r.value}
                    placeholder={r.kept ? `${SECRET_MASK}  kept: type to replace` : r.secret ? 'secret: type its value' : 'value'}
                    onChange={(e) => patch(r.key, { value: e.target.value })}
                    className="h-6 w-full font-mono text-[12px]"
                  />
                  {r.needsValue && r.secret && r.value === '' ? <div className="text-[11px] text-warn" data-testid="needs-value">needs a value: type it before using {`{{${r.name}}}`}</div> : null}
                </td>
                <td className="py-0.5 text-center">
                  <input
                    type="checkbox"
                    aria-label={`Variable ${i + 1} is secret`}
                    checked={r.secret}
                    onChange={(e) => patch(r.key, { secret: e.target.checked })}
                    className="mt-1.5 accent-[var(--accent)]"
                  />
                </td>
                <td className="py-0.5">
                  <IconButton aria-label={`Remove variable ${r.name || i + 1}`} className="hover:text-err" onClick={() => onChange(rows.filter((x) => x.key !== r.key))}>
                    <IconTrash size={12} />
                  </IconButton>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
      <button type="button" onClick={add} className="mt-1 inline-flex items-center gap-1 rounded px-1.5 py-0.5 text-[12px] text-accent hover:bg-hover">
        <IconPlus size={12} /> Add variable
      </button>
    </div>
  );
}
