/**
 * Completion in the params editor from the method's schemas: param and member names (with type,
 * "required" and description) where a name is typed, enum/const/boolean values where a value is.
 */
import type { Completion, CompletionContext, CompletionResult, CompletionSource } from '@codemirror/autocomplete';
import { cursorContext } from '@/lib/openrpc/cursor';
import { keysAt, valuesAt } from '@/lib/openrpc/schema-at';
import type { MethodEntry } from '@/lib/openrpc/set';

export function paramsCompletionSource(current: () => MethodEntry | undefined): CompletionSource {
  return (context: CompletionContext): CompletionResult | null => {
    const entry = current();
    if (!entry) return null;
    const c = cursorContext(context.state.doc.toString(), context.pos);
    if (!c) return null;
    // Unasked, offer only where something is being typed or a name is expected.
    if (!context.explicit && c.prefix === '' && !c.inString && c.position === 'value') return null;
    // Inside a string the opening quote is already typed: complete after it, and close it.
    const from = c.inString ? c.from + 1 : c.from;
    let options: Completion[];
    if (c.position === 'key') {
      options = keysAt(entry.doc, entry.method, c.path)
        .filter((k) => !c.present.includes(k.name))
        .map((k) => ({
          label: k.name,
          type: 'property',
          detail: [k.detail, k.required ? 'required' : ''].filter(Boolean).join(' · ') || undefined,
          info: k.info,
          apply: c.inString ? `${JSON.stringify(k.name).slice(1)}: ` : `${JSON.stringify(k.name)}: `,
          boost: k.required ? 1 : 0,
        }));
    } else {
      const values = valuesAt(entry.doc, entry.method, c.path);
      options = c.inString
        ? values.filter((v): v is string => typeof v === 'string').map((v) => ({ label: v, type: 'constant', apply: JSON.stringify(v).slice(1) }))
        : values.map((v) => ({ label: JSON.stringify(v), type: 'constant', apply: JSON.stringify(v) }));
    }
    if (options.length === 0) return null;
    return { from, options, validFor: /^[\w$-]*$/ };
  };
}
