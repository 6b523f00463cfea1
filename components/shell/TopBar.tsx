'use client';
import { useState } from 'react';
import { useSessions } from '@/components/stores/sessions';
import { usePreferences, type ThemeChoice } from '@/components/stores/preferences';
import { useUi } from '@/components/stores/ui';
import { StatusBadge } from '@/components/ui/StatusBadge';
import { IconKeyboard, IconMonitor, IconMoon, IconSun } from '@/components/ui/icons';
import { describeTarget, targetKindLabel } from '@/lib/targets/registry';
import { DialectPicker } from './DialectPicker';
import { EXPORT_TITLE, SHARE_TITLE, SessionActions, type SessionDialog } from '@/components/export/SessionActions';
import { PROBE_TITLE, ProbeButton, canProbe } from '@/components/probe/ProbeButton';
import { useProbe } from '@/components/stores/probe';
import type { SessionSummary } from '@/lib/session/types';
import { COMPACT_BAR_PX, TopBarMenu, type MenuAction } from './TopBarMenu';
import { useElementWidth } from './useElementWidth';
import { Button } from '@/components/ui/Button';
import { EnvironmentPicker } from '@/components/environments/EnvironmentPicker';
import { STOP_TAP_TITLE, StopTapDialog } from './StopTapDialog';

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

/** What the "⋯" menu offers for a session: the same actions as the wide bar's buttons. */
function menuActions(summary: SessionSummary, live: boolean, openDialog: (d: SessionDialog) => void, close: () => void, stopTap: () => void): MenuAction[] {
  const probe = useProbe.getState();
  const out: MenuAction[] = [
    { id: 'export', label: 'Export…', title: EXPORT_TITLE, run: () => openDialog('export') },
    { id: 'share', label: 'Share…', title: SHARE_TITLE, run: () => openDialog('share') },
  ];
  if (canProbe(summary)) out.push({ id: 'probe', label: probe.runningFrom === summary.id ? 'Probing…' : 'Probe this target', title: PROBE_TITLE, disabled: probe.runningFrom !== null, run: () => void probe.probe(summary.id) });
  if (probe.reports[summary.id]) out.push({ id: 'report', label: probe.panelOpen ? 'Hide probe report' : 'Probe report', run: () => probe.setPanelOpen(!probe.panelOpen) });
  // A tap's conversation is the client's: the app can only end it (StopTapDialog says how).
  if (live && summary.target.kind === 'tap') out.push({ id: 'stop-tap', label: 'Stop tap…', title: STOP_TAP_TITLE, danger: true, run: stopTap });
  else if (live) out.push({ id: 'disconnect', label: 'Disconnect', danger: true, run: close });
  return out;
}

export function TopBar() {
  const active = useSessions((s) => (s.activeId ? s.sessions[s.activeId]?.summary : undefined));
  const close = useSessions((s) => s.close);
  const theme = usePreferences((s) => s.theme);
  const cycleTheme = usePreferences((s) => s.cycleTheme);
  const setHelpOpen = useUi((s) => s.setHelpOpen);
  // The menu reads these when it opens; subscribing keeps its labels (Probing…, a report) current.
  useProbe((s) => s.runningFrom);
  useProbe((s) => (active ? s.reports[active.id] : undefined));
  const [dialog, setDialog] = useState<SessionDialog>(null);
  const [stopping, setStopping] = useState(false);
  const [barRef, barWidth] = useElementWidth<HTMLElement>();
  const compact = barWidth > 0 && barWidth < COMPACT_BAR_PX;
  const live = !!active && (active.status === 'open' || active.status === 'connecting');
  return (
    <header ref={barRef} className="flex h-10 shrink-0 items-center gap-3 border-b border-line bg-panel px-3" data-compact={compact || undefined}>
      <div className={`flex shrink-0 items-center gap-2 ${compact ? '' : 'w-[260px]'}`}>
        <img src="/icon.svg" alt="" width={18} height={18} />
        <span className="text-[13.5px] font-semibold tracking-tight">rpcscope</span>
        {compact ? null : <span className="text-[11.5px] text-faint">JSON-RPC debugger</span>}
      </div>
      {active ? (
        <div className="flex min-w-0 flex-1 items-center gap-2.5" data-testid="active-session">
          <span className="truncate text-[13px] font-medium">{active.name}</span>
          <StatusBadge status={active.status} />
          <span className="shrink-0 rounded bg-panel-2 px-1 text-[10.5px] font-medium tracking-wide text-muted uppercase">{targetKindLabel(active.target.kind)}</span>
          <span className="min-w-0 truncate font-mono text-[12px] text-muted" title={describeTarget(active.target)}>{describeTarget(active.target)}</span>
          {'framing' in active.target ? <span className="shrink-0 text-[11.5px] text-faint">{active.target.framing}</span> : null}
          <DialectPicker summary={active} />
          <SessionActions summary={active} dialog={dialog} onDialog={setDialog} buttons={!compact} />
          <ProbeButton summary={active} buttons={!compact} />
          {compact ? <TopBarMenu actions={menuActions(active, live, setDialog, () => void close(active.id).catch(() => undefined), () => setStopping(true))} /> : null}
          {live && !compact && active.target.kind === 'tap' ? (
            <Button size="xs" onClick={() => setStopping(true)} title={STOP_TAP_TITLE} className="hover:text-err">
              Stop tap…
            </Button>
          ) : live && !compact ? (
            <Button size="xs" onClick={() => void close(active.id).catch(() => undefined)} className="hover:text-err">
              Disconnect
            </Button>
          ) : null}
          {stopping && active.target.kind === 'tap' ? <StopTapDialog sessionId={active.id} target={active.target} onClose={() => setStopping(false)} /> : null}
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
