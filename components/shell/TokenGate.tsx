import { Code } from '@/components/ui/EmptyState';
import type { SignInRefusal } from '@/lib/api/sign-in';

const HEADINGS: Record<SignInRefusal | 'refused', string> = {
  used: 'This sign-in link was already used',
  expired: 'This sign-in link expired',
  unknown: 'This sign-in link is from an earlier start',
  none: 'Open the sign-in link rpcscope printed',
  refused: 'The server no longer accepts this page',
};

/** Shown when the page is not signed in: what happened, in the server's words, and what to do. */
export function TokenGate({ reason, detail }: { reason: SignInRefusal | 'refused'; detail?: string }) {
  return (
    <main className="flex h-full items-center justify-center bg-panel p-6">
      <div className="w-[520px] max-w-full rounded-md border border-line bg-bg p-6 shadow-sm" role="alert" aria-label="Sign in">
        <div className="flex items-center gap-2">
          <img src="/icon.svg" alt="" width={20} height={20} />
          <h1 className="text-[15px] font-semibold">rpcscope</h1>
        </div>
        <h2 className="mt-4 text-[14px] font-medium">{HEADINGS[reason]}</h2>
        {detail ? <p className="mt-2 text-[13px] leading-relaxed" data-testid="sign-in-detail">{detail}</p> : null}
        <p className="mt-2 text-[13px] leading-relaxed text-muted">
          rpcscope can start programs on this machine, so a page gets in only through a sign-in link from the terminal where the
          server runs. Each link works once, for a few minutes; when a page asks without one, the server prints a fresh line like:
        </p>
        <pre className="mt-3 overflow-x-auto rounded bg-panel-2 px-3 py-2 font-mono text-[12.5px]">http://127.0.0.1:7717/?code=…</pre>
        <p className="mt-3 text-[13px] leading-relaxed text-muted">
          Open that address; this browser then stays signed in (reloads and new tabs too) until the server restarts. A tab that is
          already signed in keeps working. To start the server: <Code>npm start</Code>.
        </p>
      </div>
    </main>
  );
}
