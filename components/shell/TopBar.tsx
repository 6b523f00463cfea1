'use client';
import { useSessions } from '@/components/stores/sessions';
import { usePreferences, type ThemeChoice } from '@/components/stores/preferences';
import { useUi } from '@/components/stores/ui';
import { StatusBadge } from '@/components/ui/StatusBadge';
import { IconKeyboard, IconMonitor, IconMoon, IconSun } from '@/components/ui/icons';
import { describeTarget, targetKindLabel } from '@/lib/targets/registry';
import { DialectPicker } from './DialectPicker';
import { SessionActions } from '@/components/export/SessionActions';
import { ProbeButton } from '@/components/probe/ProbeButton';
import { Button } from '@/components/ui/Button';
import { EnvironmentPicker } from '@/components/environments/EnvironmentPicker';

const THEME_ICON: Record<ThemeChoice, React.ReactNode> = {
  system: <IconMonitor />,
  light: <IconSun />,
  dark: <IconMoon />,
};

function BridgeDot() {
  const bridge = useSessions((s) => s.bridge);
  const look = bridge === 'open'
    ? { dot: 'bg-ok', text: 'live feed connected' }
    : bridge === 'connecting'
      ? { dot: 'bg-pending animate-pulse', text: 'connecting to the rpcscope server…' }
      : { dot: 'bg-err', text: 'lost the rpcscope server: retrying' };
  return (
    <span className="flex items-center gap-1.5 text-[11.5px] text-muted" title={look.text} data-bridge={bridge}>
      <span className={`size-2 rounded-full ${look.dot}`} />
      {bridge === 'open' ? null : <span>{look.text}</span>}
    </span>
  );
}

export function TopBar() {
  const active = useSessions((s) => (s.activeId ? s.sessions[s.activeId]?.summary : undefined));
  const close = useSessions((s) => s.close);
  const theme = usePreferences((s) => s.theme);
  const cycleTheme = usePreferences((s) => s.cycleTheme);
  const setHelpOpen = useUi((s) => s.setHelpOpen);
  const live = active && (active.status === 'open' || active.status === 'connecting');
  return (
    <header className="flex h-10 shrink-0 items-center gap-3 border-b border-line bg-panel px-3">
      <div className="flex w-[260px] shrink-0 items-center gap-2">
        <img src="/icon.svg" alt="" width={18} height={18} />
        <span className="text-[13.5px] font-semibold tracking-tight">rpcscope</span>
        <span className="text-[11.5px] text-faint">JSON-RPC debugger</span>
      </div>
      {active ? (
        <div className="flex min-w-0 flex-1 items-center gap-2.5" data-testid="active-session">
          <span className="truncate text-[13px] font-medium">{active.name}</span>
          <StatusBadge status={active.status} />
          <span className="shrink-0 rounded bg-panel-2 px-1 text-[10.5px] font-medium tracking-wide text-muted uppercase">{targetKindLabel(active.target.kind)}</span>
          <span className="min-w-0 truncate font-mono text-[12px] text-muted" title={describeTarget(active.target)}>{describeTarget(active.target)}</span>
          {'framing' in active.target ? <span className="shrink-0 text-[11.5px] text-faint">{active.target.framing}</span> : null}
          <DialectPicker summary={active} />
          <SessionActions summary={active} />
          <ProbeButton summary={active} />
          {live ? (
            <Button size="xs" onClick={() => void close(active.id).catch(() => undefined)} className="hover:text-err">
              Disconnect
            </Button>
          ) : null}
        </div>
      ) : (
        <div className="flex-1" />
      )}
      <EnvironmentPicker where="header" />
      <BridgeDot />
      <button type="button" onClick={() => setHelpOpen(true)} className="rounded p-1.5 text-muted hover:bg-hover hover:text-fg" title="Keyboard shortcuts (?)" aria-label="Keyboard shortcuts">
        <IconKeyboard size={16} />
      </button>
      <button type="button" onClick={cycleTheme} className="rounded p-1.5 text-muted hover:bg-hover hover:text-fg" title={`Theme: ${theme} (click to change)`} aria-label={`Theme: ${theme}`} data-theme-choice={theme}>
        {THEME_ICON[theme]}
      </button>
    </header>
  );
}
