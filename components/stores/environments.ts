/**
 * Environments and their `{{variables}}`. Secret values never reach the page: the server sends the
 * mask instead, and sending the mask back means "keep the stored value". The active environment is
 * this browser's choice (remembered in localStorage) and is what a collection run fills in from.
 */
import { create } from 'zustand';
import { SECRET_MASK } from '@/lib/variables/mask';
import { API } from '@/lib/api/routes';
import { api } from '@/components/stores/sessions';

export type { Variable, Environment } from '@/lib/collections/stored';
import type { Variable, Environment } from '@/lib/collections/stored';

export { SECRET_MASK };

const ACTIVE_KEY = 'rpcscope.activeEnvironment';

function recallActive(): string | null {
  try {
    return window.localStorage.getItem(ACTIVE_KEY);
  } catch {
    return null;
  }
}

function rememberActive(id: string | null): void {
  try {
    if (id) window.localStorage.setItem(ACTIVE_KEY, id);
    else window.localStorage.removeItem(ACTIVE_KEY);
  } catch {
    // storage disabled: the choice lasts until the page reloads
  }
}

export interface EnvironmentsStore {
  list: Environment[];
  loaded: boolean;
  error: string | null;
  activeId: string | null;
  /** The editor dialog is showing (with this environment selected). */
  editorOpen: boolean;
  editing: string | null;
  load(): Promise<void>;
  setActive(id: string | null): void;
  openEditor(id?: string | null): void;
  closeEditor(): void;
  create(name: string): Promise<Environment>;
  save(id: string, changes: { name?: string; variables?: Variable[] }): Promise<Environment>;
  remove(id: string): Promise<void>;
  /** Downloads the environment as a file (secrets by name only). */
  exportFile(id: string, name: string): Promise<unknown>;
  /** Creates an environment from a file's text; its secrets still need their values. */
  importFile(text: string): Promise<{ environment: Environment; secrets: string[] }>;
}

export const useEnvironments = create<EnvironmentsStore>()((set, get) => {
  const put = (env: Environment) => set((s) => ({ list: s.list.some((e) => e.id === env.id) ? s.list.map((e) => (e.id === env.id ? env : e)) : [...s.list, env] }));
  return {
    list: [],
    loaded: false,
    error: null,
    activeId: typeof window === 'undefined' ? null : recallActive(),
    editorOpen: false,
    editing: null,

    async load() {
      try {
        const { environments } = await api.call(API.listEnvironments);
        const activeId = get().activeId;
        set({ list: environments, loaded: true, error: null });
        // A remembered environment that was deleted elsewhere is forgotten.
        if (activeId && !environments.some((e) => e.id === activeId)) get().setActive(null);
      } catch (err) {
        set({ error: (err as Error).message });
      }
    },

    setActive(id) {
      set({ activeId: id });
      rememberActive(id);
    },

    openEditor(id) {
      set({ editorOpen: true, editing: id ?? get().activeId ?? get().list[0]?.id ?? null });
      void get().load();
    },

    closeEditor() {
      set({ editorOpen: false });
    },

    async create(name) {
      const { environment } = await api.call(API.createEnvironment, { body: { name, variables: [] } });
      put(environment);
      set({ editing: environment.id });
      return environment;
    },

    async save(id, changes) {
      const { environment } = await api.call(API.updateEnvironment, { params: { id }, body: changes });
      put(environment);
      return environment;
    },

    async remove(id) {
      await api.call(API.deleteEnvironment, { params: { id } });
      set((s) => ({ list: s.list.filter((e) => e.id !== id), editing: s.editing === id ? null : s.editing }));
      if (get().activeId === id) get().setActive(null);
    },

    exportFile(id, name) {
      return api.download(API.exportEnvironment, { params: { id } }, `${name}.rpcscope-environment.json`);
    },

    async importFile(text) {
      const r = await api.call(API.importEnvironment, { body: { text } });
      put(r.environment);
      set({ editing: r.environment.id });
      return r;
    },
  };
});

export function activeEnvironment(s: EnvironmentsStore): Environment | undefined {
  return s.activeId ? s.list.find((e) => e.id === s.activeId) : undefined;
}
