/**
 * JSON pointers inside one document: `#/components/schemas/Pet` style references, resolved
 * without ever leaving the document (OpenRPC documents may point elsewhere; we say so instead of
 * fetching anything).
 */

function escapeSegment(s: string): string {
  return s.replace(/~/g, '~0').replace(/\//g, '~1');
}

function unescapeSegment(s: string): string {
  return s.replace(/~1/g, '/').replace(/~0/g, '~');
}

/** `['components', 'schemas', 'Pet']` → `/components/schemas/Pet`. */
export function toPointer(segments: (string | number)[]): string {
  return segments.map((s) => '/' + escapeSegment(String(s))).join('');
}

/** The pointer as a URI fragment (what Ajv expects after `#`): each segment percent-encoded. */
export function toFragment(pointer: string): string {
  return pointer
    .split('/')
    .map((seg) => encodeURIComponent(seg))
    .join('/');
}

export type Lookup = { ok: true; value: unknown; pointer: string } | { ok: false; reason: string };

/** Follows a local `$ref` (`#/…`) inside `root`. */
export function lookupRef(root: unknown, ref: unknown): Lookup {
  if (typeof ref !== 'string') return { ok: false, reason: '$ref must be a string' };
  if (!ref.startsWith('#')) return { ok: false, reason: `${JSON.stringify(ref)} points outside this document; only local references (#/components/…) are followed` };
  let fragment: string;
  try {
    fragment = decodeURIComponent(ref.slice(1));
  } catch {
    return { ok: false, reason: `${JSON.stringify(ref)} is not a valid reference` };
  }
  if (fragment === '') return { ok: true, value: root, pointer: '' };
  if (!fragment.startsWith('/')) return { ok: false, reason: `${JSON.stringify(ref)} is not a JSON pointer (#/…)` };
  let node: unknown = root;
  const segments = fragment.slice(1).split('/').map(unescapeSegment);
  for (const seg of segments) {
    if (Array.isArray(node) && /^(0|[1-9]\d*)$/.test(seg) && Number(seg) < node.length) node = node[Number(seg)];
    else if (isObject(node) && Object.prototype.hasOwnProperty.call(node, seg)) node = node[seg];
    else return { ok: false, reason: `${JSON.stringify(ref)} points to nothing in this document` };
  }
  return { ok: true, value: node, pointer: toPointer(segments) };
}

export type Resolved = { ok: true; value: unknown; pointer: string } | { ok: false; reason: string };

const MAX_CHAIN = 32;

/**
 * A value that may be a Reference Object (`{"$ref": "#/…"}`): follows the chain to the real
 * object and returns it with its pointer; loops and dangling references come back in words.
 */
export function resolveMaybeRef(root: unknown, value: unknown, pointer: string): Resolved {
  const seen = new Set<string>();
  let cur = value;
  let at = pointer;
  for (let i = 0; i < MAX_CHAIN; i++) {
    if (!isObject(cur) || !('$ref' in cur)) return { ok: true, value: cur, pointer: at };
    const r = lookupRef(root, cur.$ref);
    if (!r.ok) return r;
    if (seen.has(r.pointer)) return { ok: false, reason: `${JSON.stringify(cur.$ref)} refers back to itself` };
    seen.add(r.pointer);
    cur = r.value;
    at = r.pointer;
  }
  return { ok: false, reason: 'a chain of more than 32 references' };
}

export function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}
