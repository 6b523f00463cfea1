import type { SessionStatus } from '@/lib/session/types';

const LOOK: Record<SessionStatus, { label: string; dot: string; text: string }> = {
  connecting: { label: 'connecting', dot: 'bg-pending animate-pulse', text: 'text-pending' },
  open: { label: 'live', dot: 'bg-ok', text: 'text-ok' },
  closed: { label: 'closed', dot: 'bg-faint', text: 'text-muted' },
  failed: { label: 'failed', dot: 'bg-err', text: 'text-err' },
};

export function StatusBadge({ status, className = '' }: { status: SessionStatus; className?: string }) {
  const look = LOOK[status] ?? LOOK.closed;
  return (
    <span className={`inline-flex items-center gap-1.5 text-[11.5px] font-medium ${look.text} ${className}`} data-status={status}>
      <span className={`size-1.5 rounded-full ${look.dot}`} />
      {look.label}
    </span>
  );
}
