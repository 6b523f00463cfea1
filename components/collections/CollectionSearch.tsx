'use client';
/** The search box over all collections: keeps the items whose name or method contains the text. */
import { useCollections } from '@/components/stores/collections';
import { SEARCH_QUERY_MAX } from '@/lib/collections/tree-ops';
import { TextInput } from '@/components/ui/Field';

export function CollectionSearch() {
  const search = useCollections((s) => s.search);
  const setSearch = useCollections((s) => s.setSearch);
  return (
    <div className="px-3 pb-1.5">
      <TextInput
        size="sm"
        type="search"
        aria-label="Search collections"
        placeholder="Search by name or method"
        maxLength={SEARCH_QUERY_MAX}
        value={search}
        onChange={(e) => setSearch(e.target.value)}
        onKeyDown={(e) => { if (e.key === 'Escape' && search) { e.preventDefault(); setSearch(''); } }}
        className="w-full"
      />
    </div>
  );
}
