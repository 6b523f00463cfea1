/**
 * Where the cursor is inside JSON text being typed (often unfinished): the path of the value it
 * is in, and whether a member name or a value is being typed there. Used for completion in the
 * params editor. A forgiving scanner rather than a parser: it reads up to the cursor only.
 */

export interface CursorContext {
  /** Path from the root to the container (key position) or to the value (value position). */
  path: (string | number)[];
  position: 'key' | 'value';
  /** What is typed so far at the cursor (without the opening quote). */
  prefix: string;
  /** Where the text to replace starts (the opening quote, when inside a string). */
  from: number;
  inString: boolean;
  /** Member names already present in the object the cursor is in (key position). */
  present: string[];
}

interface Frame {
  type: 'object' | 'array';
  /** object: the member name being read or last read; array: the current index. */
  key?: string;
  index: number;
  /** object: a key is expected (start, after a comma) or a value (after the colon). */
  expect: 'key' | 'value' | 'comma';
  present: string[];
}

const WORD = /[A-Za-z0-9_$-]/;

export function cursorContext(text: string, pos: number): CursorContext | null {
  const stack: Frame[] = [];
  let lastString: string | null = null;
  let i = 0;
  const end = Math.min(pos, text.length);
  while (i < end) {
    const c = text[i];
    if (c === '"') {
      const start = i;
      let value = '';
      i++;
      while (i < end && text[i] !== '"') {
        if (text[i] === '\\' && i + 1 < end) {
          value += text[i + 1];
          i += 2;
          continue;
        }
        value += text[i];
        i++;
      }
      if (i >= end) return inside(stack, value, start);
      i++;
      lastString = value;
      const top = stack[stack.length - 1];
      if (top?.type === 'object' && top.expect === 'key') top.key = value;
      continue;
    }
    const top = stack[stack.length - 1];
    if (c === '{' || c === '[') {
      stack.push({ type: c === '{' ? 'object' : 'array', index: 0, expect: c === '{' ? 'key' : 'value', present: [] });
    } else if (c === '}' || c === ']') {
      stack.pop();
    } else if (c === ':' && top?.type === 'object') {
      if (lastString !== null && top.key !== undefined) top.present.push(top.key);
      top.expect = 'value';
    } else if (c === ',' && top) {
      if (top.type === 'array') top.index++;
      else {
        top.expect = 'key';
        top.key = undefined;
      }
    }
    i++;
  }
  const top = stack[stack.length - 1];
  if (!top) return null;
  let from = end;
  while (from > 0 && WORD.test(text[from - 1])) from--;
  const prefix = text.slice(from, end);
  const base = pathTo(stack);
  if (top.type === 'object' && top.expect === 'key') return { path: base, position: 'key', prefix, from, inString: false, present: top.present };
  return { path: [...base, own(top)], position: 'value', prefix, from, inString: false, present: [] };
}

function inside(stack: Frame[], value: string, start: number): CursorContext | null {
  const top = stack[stack.length - 1];
  if (!top) return null;
  const base = pathTo(stack);
  if (top.type === 'object' && top.expect === 'key') return { path: base, position: 'key', prefix: value, from: start, inString: true, present: top.present };
  return { path: [...base, own(top)], position: 'value', prefix: value, from: start, inString: true, present: [] };
}

function own(f: Frame): string | number {
  return f.type === 'array' ? f.index : (f.key ?? '');
}

function pathTo(stack: Frame[]): (string | number)[] {
  return stack.slice(0, -1).map(own);
}
