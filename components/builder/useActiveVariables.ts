'use client';
/** The active environment's variables as the page holds them (secret values masked), for the builder's preview. */
import { useEffect } from 'react';
import { activeEnvironment, useEnvironments } from '@/components/stores/environments';
import type { VariableLike } from '@/lib/variables';

const NONE: readonly VariableLike[] = [];

export function useActiveVariables(): { id?: string; name?: string; variables: readonly VariableLike[] } {
  const env = useEnvironments(activeEnvironment);
  const loaded = useEnvironments((s) => s.loaded);
  useEffect(() => {
    if (!loaded) void useEnvironments.getState().load();
  }, [loaded]);
  return { id: env?.id, name: env?.name, variables: env?.variables ?? NONE };
}
