/**
 * Teammates' comments on entries, in the inspector: the ones the session file carries (and, on a
 * team server's page, the ones arriving live), and a box to add one when the page allows it.
 * Comment text is shown only through textContent, like everything else a peer or person wrote.
 */
import type { SessionComment } from '../lib/session/types';
import { add, el } from './dom';

export class Comments {
  private readonly bySeq = new Map<number, SessionComment[]>();
  private readonly ids = new Set<number>();

  constructor(initial: readonly SessionComment[] | undefined) {
    for (const c of initial ?? []) this.add(c);
  }

  /** Adds a comment once (a live stream may repeat one it already sent). */
  add(c: SessionComment): boolean {
    if (typeof c?.seq !== 'number' || typeof c.text !== 'string' || this.ids.has(c.id)) return false;
    this.ids.add(c.id);
    const list = this.bySeq.get(c.seq) ?? [];
    list.push(c);
    this.bySeq.set(c.seq, list);
    return true;
  }

  count(seq: number): number {
    return this.bySeq.get(seq)?.length ?? 0;
  }

  /** The inspector's comments section for one entry; `post` is given when the reader may comment. */
  render(seq: number, post?: (text: string) => Promise<string | null>): HTMLElement {
    const list = this.bySeq.get(seq) ?? [];
    const box = el('div', 'comments');
    box.dataset.testid = 'comments';
    add(box, el('h2', '', `Comments (${list.length})`));
    for (const c of list) {
      add(box, add(el('div', 'comment'), el('div', 't-muted', `${c.author} · ${c.at}`), el('div', 'comment-text', c.text)));
    }
    if (post) {
      const input = el('textarea');
      input.setAttribute('aria-label', 'Comment on this entry');
      input.rows = 2;
      const send = el('button', '', 'Comment');
      const status = el('span', 't-error');
      send.addEventListener('click', () => {
        const text = input.value;
        if (!text.trim()) return;
        send.disabled = true;
        void post(text).then((error) => {
          send.disabled = false;
          status.textContent = error ?? '';
          if (!error) input.value = '';
        });
      });
      add(box, input, add(el('div'), send, status));
    }
    return box;
  }
}
