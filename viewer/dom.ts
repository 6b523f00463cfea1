/**
 * The only way the viewer makes DOM: elements with a class and text. Text goes in through
 * textContent, never as markup, so nothing a peer sent can become an element or run.
 */
export type Child = Node | null | undefined | false;

export function el<K extends keyof HTMLElementTagNameMap>(tag: K, cls?: string, text?: string | number): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  if (cls) node.className = cls;
  if (text !== undefined) node.textContent = String(text);
  return node;
}

export function add<T extends Node>(parent: T, ...children: Child[]): T {
  for (const c of children) if (c) parent.appendChild(c);
  return parent;
}

export function clear(node: Node): void {
  while (node.firstChild) node.removeChild(node.firstChild);
}

/** A two-column table of label → value; empty values are left out. */
export function kvTable(pairs: readonly (readonly [string, string | number | Node | undefined | null])[]): HTMLTableElement {
  const table = el('table', 'kv');
  for (const [label, value] of pairs) {
    if (value === undefined || value === null || value === '') continue;
    const cell = el('td');
    if (value instanceof Node) cell.appendChild(value);
    else cell.textContent = String(value);
    const row = add(el('tr'), el('td', '', label), cell);
    row.dataset.key = label;
    table.appendChild(row);
  }
  return table;
}
