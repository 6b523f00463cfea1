import { Code } from '@/components/ui/EmptyState';

/** Shown when the page has no usable token: say exactly what to do. */
export function TokenGate({ reason }: { reason: 'missing' | 'refused'; detail?: string }) {
  return (
    <main className="flex h-full items-center justify-center bg-panel p-6">
      <div className="w-[520px] max-w-full rounded-md border border-line bg-bg p-6 shadow-sm">
        <div className="flex items-center gap-2">
          <img src="/icon.svg" alt="" width={20} height={20} />
          <h1 className="text-[15px] font-semibold">rpcscope</h1>
        </div>
        <h2 className="mt-4 text-[14px] font-medium">
          {reason === 'missing' ? 'Open the address the server printed' : 'This page’s access token was refused'}
        </h2>
        <p className="mt-2 text-[13px] leading-relaxed text-muted">
          rpcscope can start programs on this machine, so every page needs the secret token the server prints when it starts.
          {reason === 'refused' ? ' The server was probably restarted with a new token.' : ''} Look in the terminal where you started it for a line like:
        </p>
        <pre className="mt-3 overflow-x-auto rounded bg-panel-2 px-3 py-2 font-mono text-[12.5px]">http://127.0.0.1:7717/?token=…</pre>
        <p className="mt-3 text-[13px] leading-relaxed text-muted">
          Open that exact address. The token is then kept for this tab only and removed from the address bar. To start the server: <Code>npm start</Code>.
        </p>
      </div>
    </main>
  );
}
