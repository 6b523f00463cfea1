'use client';
/**
 * The OpenRPC documents of each session as the page holds them: the server's listing (documents
 * with their problems, the method index) plus the same documents rebuilt in the browser, so params
 * are checked as they are typed without a round trip.
 */
import { create } from 'zustand';
import { OpenRpcDocument } from '@/lib/openrpc/document';
import { OpenRpcSet } from '@/lib/openrpc/set';
import { API } from '@/lib/api/routes';
import type { ListedDocument, OpenRpcListing } from '@/lib/api/bodies';
import { api } from '@/components/stores/sessions';

export type { ListedDocument };
export type Listing = OpenRpcListing;

export type LoadKind = 'discover' | 'url' | 'file' | 'paste';

export interface SessionOpenRpc {
  listing?: Listing;
  set: OpenRpcSet;
  busy?: LoadKind | 'remove' | 'refresh';
  error?: string;
  /** The title of the document loaded last, for a short confirmation. */
  lastAdded?: string;
}

export type LoadBody = { discover: true } | { url: string; allowPrivate?: boolean } | { document: string; name?: string };

interface OpenRpcStore {
  sessions: Record<string, SessionOpenRpc>;
  refresh(sessionId: string): Promise<void>;
  load(sessionId: string, body: LoadBody, kind: LoadKind): Promise<boolean>;
  remove(sessionId: string, docId: string): Promise<void>;
}

const EMPTY_SET = new OpenRpcSet([]);
export const EMPTY_ENTRY: SessionOpenRpc = { set: EMPTY_SET };

function rebuild(listing: Listing): OpenRpcSet {
  return new OpenRpcSet(listing.documents.map((d) => OpenRpcDocument.load(d.document, d.source, { metaSchema: false })));
}

export const useOpenRpc = create<OpenRpcStore>()((set, get) => {
  const patch = (sessionId: string, p: Partial<SessionOpenRpc>) =>
    set((s) => ({ sessions: { ...s.sessions, [sessionId]: { ...(s.sessions[sessionId] ?? EMPTY_ENTRY), ...p } } }));
  const received = (sessionId: string, listing: Listing, extra: Partial<SessionOpenRpc> = {}) =>
    patch(sessionId, { listing, set: rebuild(listing), busy: undefined, error: undefined, ...extra });

  return {
    sessions: {},

    async refresh(sessionId) {
      if (get().sessions[sessionId]?.busy) return;
      patch(sessionId, { busy: 'refresh' });
      try {
        received(sessionId, await api.call(API.listOpenRpc, { params: { id: sessionId } }));
      } catch (e) {
        patch(sessionId, { busy: undefined, error: (e as Error).message });
      }
    },

    async load(sessionId, body, kind) {
      patch(sessionId, { busy: kind, error: undefined, lastAdded: undefined });
      try {
        const r = await api.call(API.addOpenRpc, { params: { id: sessionId }, body });
        received(sessionId, r, { lastAdded: `${r.added.title}${r.added.version ? ` ${r.added.version}` : ''}` });
        return true;
      } catch (e) {
        patch(sessionId, { busy: undefined, error: (e as Error).message });
        return false;
      }
    },

    async remove(sessionId, docId) {
      patch(sessionId, { busy: 'remove', error: undefined, lastAdded: undefined });
      try {
        received(sessionId, await api.call(API.removeOpenRpc, { params: { id: sessionId, docId } }));
      } catch (e) {
        patch(sessionId, { busy: undefined, error: (e as Error).message });
      }
    },
  };
});
