'use client';
/**
 * Drag and drop of items onto a folder or a collection row. The dragged item travels as our own
 * MIME type, so text or files dropped from elsewhere are ignored rather than misread.
 */
import { useState, type DragEvent } from 'react';
import { useCollections, type CollectionItem, type MoveDestination } from '@/components/stores/collections';

const ITEM_MIME = 'application/x-rpcscope-collection-item';

export function dragItemProps(item: CollectionItem) {
  return {
    draggable: true,
    onDragStart(e: DragEvent) {
      e.dataTransfer.setData(ITEM_MIME, JSON.stringify({ collectionId: item.collectionId, itemId: item.id }));
      e.dataTransfer.effectAllowed = 'move';
    },
  };
}

function draggedItem(e: DragEvent): { collectionId: string; itemId: string } | null {
  try {
    const v: unknown = JSON.parse(e.dataTransfer.getData(ITEM_MIME));
    const o = v as { collectionId?: unknown; itemId?: unknown };
    return typeof o.collectionId === 'string' && typeof o.itemId === 'string' ? { collectionId: o.collectionId, itemId: o.itemId } : null;
  } catch {
    return null;
  }
}

/** Props for a row that accepts a dropped item, and whether one hovers over it now (for the outline). */
export function useDropTarget(to: MoveDestination, onProblem: (message: string) => void) {
  const [over, setOver] = useState(false);
  const accepts = (e: DragEvent) => e.dataTransfer.types.includes(ITEM_MIME);
  return {
    over,
    props: {
      onDragOver(e: DragEvent) {
        if (!accepts(e)) return;
        e.preventDefault();
        e.dataTransfer.dropEffect = 'move';
        if (!over) setOver(true);
      },
      onDragLeave() { setOver(false); },
      onDrop(e: DragEvent) {
        setOver(false);
        const dragged = accepts(e) ? draggedItem(e) : null;
        if (!dragged) return;
        e.preventDefault();
        e.stopPropagation();
        useCollections.getState().moveItem(dragged.collectionId, dragged.itemId, to).catch((err: Error) => onProblem(err.message));
      },
    },
  };
}
