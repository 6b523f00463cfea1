'use client';
/** Completion groups for a method field: sent in this session, registered sources, the dialect, the target's own. */
import { useMemo } from 'react';
import { dialectMethods } from '@/lib/builder/dialect-sources';
import { isDialectId } from '@/lib/dialects/registry';
import type { DialectId } from '@/lib/dialects/types';
import { useBuilder, type MethodSource } from '@/components/stores/builder';
import { useSessions } from '@/components/stores/sessions';
import type { SuggestionGroup } from './MethodField';
import { useMethodsSeen } from './session-index';

export function useMethodGroups(sessionId: string | null, extra?: MethodSource[], dialect?: DialectId): SuggestionGroup[] {
  const seen = useMethodsSeen(sessionId);
  const storeSources = useBuilder((s) => s.methodSources);
  const detected = useSessions((s) => (sessionId ? s.sessions[sessionId]?.summary.dialect?.id : undefined));
  const sessionDialect: DialectId | undefined = dialect ?? (isDialectId(detected) ? detected : undefined);
  return useMemo(() => {
    const sent = seen.filter((m) => m.out > 0);
    const fromTarget = seen.filter((m) => m.out === 0);
    const out: SuggestionGroup[] = [];
    if (sent.length) out.push({ label: 'Sent in this session', methods: sent.map((m) => ({ name: m.name, detail: `×${m.out}` })) });
    for (const src of [...(extra ?? []), ...storeSources]) out.push({ label: src.label, methods: src.methods });
    const fromDialect = sessionDialect ? dialectMethods(sessionDialect) : null;
    if (fromDialect) out.push(fromDialect);
    if (fromTarget.length) out.push({ label: 'Sent by the target', methods: fromTarget.map((m) => ({ name: m.name })) });
    return out;
  }, [seen, extra, storeSources, sessionDialect]);
}
