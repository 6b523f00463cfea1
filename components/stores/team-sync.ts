/**
 * Collections and environment templates to and from the team server (server/routes/team-sync.ts):
 * which local ones are team copies (and changed since), and the outcome of the last push per local
 * one — pushed, or a conflict the user settles with "Pull theirs" or "Keep mine as a copy".
 * The local server does the HTTP to the team, so this store never holds the token.
 */
import { create } from 'zustand';
import { API } from '@/lib/api/routes';
import type { SharedKind, TeamCopy, TeamDocListing, TeamPullResult, TeamPushResult } from '@/lib/team/sync';
import { api } from '@/components/stores/sessions';
import { useCollections } from '@/components/stores/collections';
import { useEnvironments } from '@/components/stores/environments';
import { messageOf } from '@/components/api/client';

export type PushOutcome =
  | { state: 'busy' }
  | TeamPushResult
  | { state: 'pulled'; version: number }
  | { state: 'failed'; error: string };

const keyOf = (kind: SharedKind, localId: string) => `${kind}:${localId}`;

interface TeamSyncStore {
  copies: Record<string, TeamCopy>;
  outcomes: Record<string, PushOutcome>;
  loadCopies(): Promise<void>;
  copyOf(kind: SharedKind, localId: string): TeamCopy | undefined;
  outcomeOf(kind: SharedKind, localId: string): PushOutcome | undefined;
  push(kind: SharedKind, localId: string, asCopy?: boolean): Promise<void>;
  /** After a conflict: the team's version replaces the local one (the user chose so). */
  pullTheirs(kind: SharedKind, localId: string, teamName: string): Promise<void>;
  dismiss(kind: SharedKind, localId: string): void;
  list(kind: SharedKind): Promise<TeamDocListing[]>;
  pull(kind: SharedKind, name: string, replace?: boolean): Promise<TeamPullResult>;
}

/** What a pull changed shows at once: the list, and the tree or environment it wrote. */
async function reloadLocal(kind: SharedKind, localId: string): Promise<void> {
  if (kind === 'collection') {
    const c = useCollections.getState();
    await Promise.all([c.load(), c.trees[localId] ? c.loadTree(localId) : undefined]);
  } else {
    await useEnvironments.getState().load();
  }
}

export const useTeamSync = create<TeamSyncStore>()((set, get) => {
  const setOutcome = (kind: SharedKind, localId: string, o: PushOutcome | undefined) =>
    set((s) => {
      const outcomes = { ...s.outcomes };
      if (o) outcomes[keyOf(kind, localId)] = o;
      else delete outcomes[keyOf(kind, localId)];
      return { outcomes };
    });
  return {
    copies: {},
    outcomes: {},

    async loadCopies() {
      try {
        const { copies } = await api.call(API.listTeamCopies);
        set({ copies: Object.fromEntries(copies.map((c) => [keyOf(c.kind, c.localId), c])) });
      } catch {
        // The badges are a convenience: a failed read leaves the last ones.
      }
    },
    copyOf: (kind, localId) => get().copies[keyOf(kind, localId)],
    outcomeOf: (kind, localId) => get().outcomes[keyOf(kind, localId)],

    async push(kind, localId, asCopy) {
      setOutcome(kind, localId, { state: 'busy' });
      try {
        const r = await api.call(API.pushTeamDoc, { params: { kind }, body: { localId, ...(asCopy ? { asCopy: true } : {}) } });
        setOutcome(kind, localId, r);
      } catch (err) {
        setOutcome(kind, localId, { state: 'failed', error: messageOf(err) });
      }
      await get().loadCopies();
    },

    async pullTheirs(kind, localId, teamName) {
      setOutcome(kind, localId, { state: 'busy' });
      try {
        const r = await api.call(API.pullTeamDoc, { params: { kind }, body: { name: teamName, into: localId, replace: true } });
        setOutcome(kind, localId, { state: 'pulled', version: r.version });
        await reloadLocal(kind, localId);
      } catch (err) {
        setOutcome(kind, localId, { state: 'failed', error: messageOf(err) });
      }
      await get().loadCopies();
    },

    dismiss(kind, localId) {
      setOutcome(kind, localId, undefined);
    },

    async list(kind) {
      return (await api.call(API.listTeamDocs, { params: { kind } })).docs;
    },

    async pull(kind, name, replace) {
      const r = await api.call(API.pullTeamDoc, { params: { kind }, body: { name, ...(replace ? { replace: true } : {}) } });
      await reloadLocal(kind, r.localId);
      // What was pulled is shown: its tree unfolded, or its variables in the editor.
      if (kind === 'collection') useCollections.getState().toggle(r.localId, true);
      else useEnvironments.setState({ editing: r.localId });
      await get().loadCopies();
      return r;
    },
  };
});
