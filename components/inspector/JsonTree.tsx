'use client';
/**
 * A collapsible, lazy JSON tree. Children render only when expanded, and long arrays/objects
 * show in pages, so a multi-megabyte message opens instantly. Peer data is rendered as React
 * text only.
 */
import { memo, useState } from 'react';
import { childCount, formatJsonPath, stringifyNode, type JsonNode, type PathSegment } from '@/lib/timeline/json';
import { numberNote, visibleText } from '@/lib/timeline/format';

const PAGE = 100;
const LONG_STRING = 2000;

async function copy(text: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(text);
  } catch {
    // Clipboard refused (permissions): nothing else to do from here.
  }
}

function Scalar({ node }: { node: JsonNode }) {
  const [full, setFull] = useState(false);
  switch (node.t) {
    case 'string': {
      const long = node.v.length > LONG_STRING && !full;
      const shown = long ? node.v.slice(0, LONG_STRING) : node.v;
      return (
        <span className="break-all whitespace-pre-wrap text-code-str">
          &quot;{visibleText(shown)}{long ? '…' : ''}&quot;
          {long ? (
            <button type="button" onClick={() => setFull(true)} className="ml-1 font-sans text-[11px] text-accent hover:underline">
              show all {node.v.length.toLocaleString()} characters
            </button>
          ) : null}
        </span>
      );
    }
    case 'number': return <NumberText text={node.text} />;
    case 'bool': return <span className="text-code-lit">{String(node.v)}</span>;
    case 'null': return <span className="text-code-lit">null</span>;
    default: return null;
  }
}

/** A number exactly as written; when a double cannot hold it, a note says what most parsers read instead. */
function NumberText({ text }: { text: string }) {
  const note = numberNote(text);
  if (!note) return <span className="text-code-num">{text}</span>;
  return (
    <span className="text-code-num" title={note}>
      {text}
      <span className="ml-1 rounded border border-warn/40 px-1 font-sans text-[10.5px] text-warn" data-testid="number-note">{note}</span>
    </span>
  );
}

function summaryOf(node: JsonNode): string {
  const n = childCount(node);
  if (node.t === 'array') return n === 0 ? '[]' : `[ ${n} item${n === 1 ? '' : 's'} ]`;
  return n === 0 ? '{}' : `{ ${n} key${n === 1 ? '' : 's'} }`;
}

function RowActions({ node, path }: { node: JsonNode; path: PathSegment[] }) {
  return (
    <span className="ml-2 hidden gap-1 align-middle font-sans group-hover/row:inline-flex">
      <button type="button" className="rounded px-1 text-[11px] text-muted hover:bg-hover hover:text-fg" title="Copy this value as JSON" onClick={(e) => { e.stopPropagation(); void copy(stringifyNode(node)); }}>
        copy value
      </button>
      <button type="button" className="rounded px-1 text-[11px] text-muted hover:bg-hover hover:text-fg" title={formatJsonPath(path)} onClick={(e) => { e.stopPropagation(); void copy(formatJsonPath(path)); }}>
        copy path
      </button>
    </span>
  );
}

const TreeNode = memo(function TreeNode({ name, node, path, depth, defaultOpenDepth }: {
  name: string | number | null;
  node: JsonNode;
  path: PathSegment[];
  depth: number;
  defaultOpenDepth: number;
}) {
  const container = node.t === 'object' || node.t === 'array';
  const n = childCount(node);
  const [open, setOpen] = useState(depth < defaultOpenDepth && n <= 500);
  const [limit, setLimit] = useState(PAGE);
  const label = name === null ? null : typeof name === 'number'
    ? <span className="text-faint">{name}</span>
    : <span className="text-code-key">&quot;{visibleText(name)}&quot;</span>;

  if (!container) {
    return (
      <div className="group/row rounded hover:bg-hover" style={{ paddingLeft: depth * 14 + 14 }}>
        {label}{label ? <span className="text-faint">:{'\u00a0'}</span> : null}<Scalar node={node} />
        <RowActions node={node} path={path} />
      </div>
    );
  }

  const entries: [string | number, JsonNode][] = node.t === 'object' ? node.entries : node.items.map((v, i) => [i, v]);
  return (
    <div>
      <div
        className="group/row cursor-pointer rounded hover:bg-hover"
        style={{ paddingLeft: depth * 14 }}
        onClick={() => n && setOpen(!open)}
        role="treeitem"
        aria-expanded={n ? open : undefined}
      >
        <span className="inline-block w-[14px] text-center text-[10px] text-faint">{n ? (open ? '▾' : '▸') : ''}</span>
        {label}{label ? <span className="text-faint">:{'\u00a0'}</span> : null}
        {open && n ? <span className="text-faint">{node.t === 'array' ? '[' : '{'}</span> : <span className="text-faint">{summaryOf(node)}</span>}
        <RowActions node={node} path={path} />
      </div>
      {open && n ? (
        <div role="group">
          {entries.slice(0, limit).map(([k, v], i) => (
            <TreeNode key={i} name={k} node={v} path={[...path, k]} depth={depth + 1} defaultOpenDepth={defaultOpenDepth} />
          ))}
          {n > limit ? (
            <div style={{ paddingLeft: (depth + 1) * 14 + 14 }}>
              <button type="button" onClick={() => setLimit(limit + PAGE * 10)} className="font-sans text-[11.5px] text-accent hover:underline">
                show {Math.min(PAGE * 10, n - limit).toLocaleString()} more of {(n - limit).toLocaleString()}
              </button>
            </div>
          ) : null}
          <div className="text-faint" style={{ paddingLeft: depth * 14 + 14 }}>{node.t === 'array' ? ']' : '}'}</div>
        </div>
      ) : null}
    </div>
  );
});

export function JsonTree({ node, defaultOpenDepth = 3 }: { node: JsonNode; defaultOpenDepth?: number }) {
  return (
    <div role="tree" className="font-mono text-[12px] leading-[19px]">
      <TreeNode name={null} node={node} path={[]} depth={0} defaultOpenDepth={defaultOpenDepth} />
    </div>
  );
}
