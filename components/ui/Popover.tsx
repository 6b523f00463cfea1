'use client';
/** The app's one anchored popover (a non-modal dialog under its trigger). */
import { useEffect, useLayoutEffect, useRef, useState, type ReactNode, type RefObject } from 'react';
import { createPortal } from 'react-dom';

/** Less room than this under the trigger, and more above it: the panel opens upwards. */
const UPWARDS_BELOW = 240;

/**
 * A panel under its trigger (above it when the trigger is near the window's bottom), drawn in a portal with fixed coordinates so a scrolling or clipped
 * parent (the composer) cannot cut it off. Closes on Escape, a click elsewhere, or a resize.
 */
export function Popover({ open, onClose, anchor, children, align = 'right', label, width = 300 }: {
  open: boolean;
  onClose(): void;
  anchor: RefObject<HTMLElement | null>;
  children: ReactNode;
  align?: 'left' | 'right';
  label: string;
  width?: number;
}) {
  const ref = useRef<HTMLDivElement>(null);
  /** `bottom` instead of `top` when it opens upwards (its trigger is low in the window). */
  const [pos, setPos] = useState<{ top?: number; bottom?: number; room: number; left: number } | null>(null);
  useLayoutEffect(() => {
    if (!open || !anchor.current) {
      setPos(null);
      return;
    }
    const r = anchor.current.getBoundingClientRect();
    const wanted = align === 'right' ? r.right - width : r.left;
    const left = Math.max(8, Math.min(wanted, window.innerWidth - width - 8));
    const below = window.innerHeight - r.bottom - 12;
    setPos(below < UPWARDS_BELOW && r.top - 12 > below ? { bottom: window.innerHeight - r.top + 4, room: r.top - 12, left } : { top: r.bottom + 4, room: below, left });
  }, [open, anchor, align, width]);
  useEffect(() => {
    if (!open) return;
    const onDown = (e: MouseEvent) => {
      const t = e.target as Node;
      if (ref.current?.contains(t) || anchor.current?.contains(t)) return;
      onClose();
    };
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') {
        e.stopPropagation();
        onClose();
      }
    };
    document.addEventListener('mousedown', onDown);
    window.addEventListener('keydown', onKey, true);
    window.addEventListener('resize', onClose);
    return () => {
      document.removeEventListener('mousedown', onDown);
      window.removeEventListener('keydown', onKey, true);
      window.removeEventListener('resize', onClose);
    };
  }, [open, onClose, anchor]);
  useEffect(() => {
    if (pos) ref.current?.querySelector<HTMLElement>('[data-autofocus], input, select')?.focus();
  }, [pos]);
  if (!open || !pos) return null;
  return createPortal(
    <div
      ref={ref}
      role="dialog"
      aria-label={label}
      className="fixed z-50 overflow-auto rounded-md border border-line-strong bg-bg p-3 text-left shadow-xl"
      style={{ top: pos.top, bottom: pos.bottom, left: pos.left, width, maxHeight: pos.room }}
    >
      {children}
    </div>,
    document.body,
  );
}
