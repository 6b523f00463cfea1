'use client';
/** The app's one anchored popover (a non-modal dialog under its trigger). */
import { useEffect, useLayoutEffect, useRef, useState, type ReactNode, type RefObject } from 'react';
import { createPortal } from 'react-dom';

/**
 * A panel under its trigger, drawn in a portal with fixed coordinates so a scrolling or clipped
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
  const [pos, setPos] = useState<{ top: number; left: number } | null>(null);
  useLayoutEffect(() => {
    if (!open || !anchor.current) {
      setPos(null);
      return;
    }
    const r = anchor.current.getBoundingClientRect();
    const wanted = align === 'right' ? r.right - width : r.left;
    setPos({ top: r.bottom + 4, left: Math.max(8, Math.min(wanted, window.innerWidth - width - 8)) });
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
      style={{ top: pos.top, left: pos.left, width, maxHeight: `calc(100vh - ${pos.top + 8}px)` }}
    >
      {children}
    </div>,
    document.body,
  );
}
