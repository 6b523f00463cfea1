'use client';
import { useRef } from 'react';

/** A drag handle between two panels; reports the new size of the panel it resizes. */
export function Splitter({ axis, size, onResize, invert = false, label }: {
  axis: 'x' | 'y';
  size: number;
  onResize(px: number): void;
  /** The resized panel sits after the handle (right/below) rather than before it. */
  invert?: boolean;
  label: string;
}) {
  const start = useRef<{ pos: number; size: number } | null>(null);
  const onPointerDown = (e: React.PointerEvent) => {
    e.preventDefault();
    (e.target as HTMLElement).setPointerCapture(e.pointerId);
    start.current = { pos: axis === 'x' ? e.clientX : e.clientY, size };
  };
  const onPointerMove = (e: React.PointerEvent) => {
    if (!start.current) return;
    const delta = (axis === 'x' ? e.clientX : e.clientY) - start.current.pos;
    onResize(start.current.size + (invert ? -delta : delta));
  };
  const end = () => {
    start.current = null;
  };
  return (
    <div
      role="separator"
      aria-label={label}
      aria-orientation={axis === 'x' ? 'vertical' : 'horizontal'}
      tabIndex={0}
      onKeyDown={(e) => {
        const step = e.shiftKey ? 40 : 10;
        const grow = axis === 'x' ? (invert ? 'ArrowLeft' : 'ArrowRight') : invert ? 'ArrowUp' : 'ArrowDown';
        const shrink = axis === 'x' ? (invert ? 'ArrowRight' : 'ArrowLeft') : invert ? 'ArrowDown' : 'ArrowUp';
        if (e.key === grow) onResize(size + step);
        else if (e.key === shrink) onResize(size - step);
      }}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={end}
      onPointerCancel={end}
      className={`shrink-0 bg-line transition-colors hover:bg-accent ${axis === 'x' ? 'w-px cursor-col-resize before:absolute before:inset-y-0 before:-left-1 before:w-2' : 'h-px cursor-row-resize before:absolute before:inset-x-0 before:-top-1 before:h-2'} relative`}
    />
  );
}
