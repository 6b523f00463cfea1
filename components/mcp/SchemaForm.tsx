'use client';
/**
 * Draws a form from lib/mcp/schema-form's model: one control per field, labelled with its name
 * (a star when required) and its description, errors under the fields they belong to.
 */
import { newItem, type FieldError, type FormNode, type FormValue } from '@/lib/mcp/schema-form';
import { Button } from '@/components/ui/Button';
import { Select, TextArea, TextInput } from '@/components/ui/Field';

interface Props {
  node: FormNode;
  value: FormValue;
  onChange(v: FormValue): void;
  errors: readonly FieldError[];
  path?: string;
  /** Prefix for element ids, unique per form. */
  idPrefix: string;
}

const idFor = (prefix: string, path: string) => `${prefix}-${path.replace(/[^a-z0-9_-]+/gi, '-') || 'root'}`;

function Label({ node, htmlFor }: { node: FormNode; htmlFor?: string }) {
  return (
    <label htmlFor={htmlFor} className="text-[11.5px] font-medium text-muted">
      <span className="font-mono text-fg">{node.label || node.key}</span>
      {node.required ? <span className="text-err" title="required"> *</span> : null}
      <span className="ml-1.5 font-normal text-faint">{node.type === 'json' ? 'JSON' : node.type}</span>
    </label>
  );
}

export function SchemaForm({ node, value, onChange, errors, path = '', idPrefix }: Props) {
  const id = idFor(idPrefix, path);
  const mine = errors.filter((e) => e.path === path);
  const text = typeof value === 'string' ? value : '';
  const join = (k: string) => (path ? `${path}.${k}` : k);

  let control: React.ReactNode;
  switch (node.type) {
    case 'object': {
      const rec = typeof value === 'object' && value !== null && !Array.isArray(value) ? value : {};
      if (node.fields.length === 0) return path === '' ? <p className="text-xs text-faint">This takes no arguments.</p> : null;
      const fields = node.fields.map((f) => (
        <SchemaForm key={f.key} node={f} value={rec[f.key] ?? ''} onChange={(v) => onChange({ ...rec, [f.key]: v })} errors={errors} path={join(f.key)} idPrefix={idPrefix} />
      ));
      if (path === '') return <div className="flex flex-col gap-2">{fields}</div>;
      return (
        <fieldset className="flex flex-col gap-2 rounded border border-line p-2">
          <legend className="px-1"><Label node={node} /></legend>
          {node.description ? <p className="text-[11.5px] text-faint">{node.description}</p> : null}
          {fields}
        </fieldset>
      );
    }
    case 'array': {
      const list = Array.isArray(value) ? value : [];
      control = (
        <div className="flex flex-col gap-1.5">
          {list.map((item, i) => (
            <div key={i} className="flex items-start gap-1.5">
              <div className="min-w-0 flex-1">
                <SchemaForm node={{ ...node.items, label: `${node.label || node.key}[${i}]`, key: String(i), required: true }} value={item} onChange={(v) => onChange(list.map((x, j) => (j === i ? v : x)))} errors={errors} path={`${path}[${i}]`} idPrefix={idPrefix} />
              </div>
              <Button size="xs" variant="ghost" aria-label={`Remove item ${i + 1} of ${node.label || node.key}`} onClick={() => onChange(list.filter((_, j) => j !== i))}>Remove</Button>
            </div>
          ))}
          <Button size="xs" variant="link" className="self-start" onClick={() => onChange([...list, newItem(node)])}>Add item</Button>
        </div>
      );
      break;
    }
    case 'boolean':
      return (
        <div className="flex flex-col gap-0.5">
          <label className="flex items-center gap-2 text-[11.5px] text-muted">
            <input id={id} type="checkbox" checked={value === true} onChange={(e) => onChange(e.target.checked)} />
            <span className="font-mono text-fg">{node.label || node.key}</span>
            {node.required ? <span className="text-err"> *</span> : null}
          </label>
          {node.description ? <p className="pl-5 text-[11.5px] text-faint">{node.description}</p> : null}
        </div>
      );
    case 'enum':
      control = (
        <Select id={id} value={text} onChange={(e) => onChange(e.target.value)}>
          <option value="">{node.required ? 'Choose…' : '(not given)'}</option>
          {node.options.map((o) => <option key={JSON.stringify(o.value)} value={JSON.stringify(o.value)}>{o.label}</option>)}
        </Select>
      );
      break;
    case 'json':
      control = <TextArea id={id} code rows={2} placeholder="JSON" value={text} onChange={(e) => onChange(e.target.value)} />;
      break;
    case 'number':
    case 'integer':
      control = <TextInput id={id} code inputMode={node.type === 'integer' ? 'numeric' : 'decimal'} value={text} onChange={(e) => onChange(e.target.value)} />;
      break;
    case 'string':
      control = (node.maxLength ?? Infinity) > 200 && !node.format
        ? <TextArea id={id} rows={1} className="min-h-7" value={text} onChange={(e) => onChange(e.target.value)} />
        : <TextInput id={id} value={text} type={node.format === 'email' ? 'email' : 'text'} onChange={(e) => onChange(e.target.value)} />;
      break;
  }
  return (
    <div className="flex flex-col gap-1">
      <Label node={node} htmlFor={node.type === 'array' ? undefined : id} />
      {control}
      {node.description ? <p className="text-[11.5px] leading-snug text-faint">{node.description}</p> : null}
      {mine.map((e) => <p key={e.message} role="alert" className="text-[11.5px] text-err">{e.message}</p>)}
    </div>
  );
}
