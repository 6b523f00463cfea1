'use client';
/**
 * Export the active session, or what its timeline filter shows, in any format of the registry
 * (lib/export/formats.ts). Redaction first, with a preview of what it takes out; the file is
 * downloaded only after that preview, for exactly the options previewed.
 */
import { useState } from 'react';
import { REDACTION_KINDS, type RedactionKind } from '@/lib/redaction/rules';
import { DEFAULT_EXPORT_FORMAT, EXPORT_FORMATS, EXPORT_FORMAT_IDS, type ExportFormat, type ExportFormatId } from '@/lib/export/formats';
import { filterOf, useTimeline } from '@/components/stores/timeline';
import { useSessions } from '@/components/stores/sessions';
import { Button } from '@/components/ui/Button';
import { Dialog } from '@/components/ui/Dialog';
import { TextArea } from '@/components/ui/Field';
import { Problem, Spinner } from '@/components/collections/ui';
import { API } from '@/lib/api/routes';
import { api } from '@/components/stores/sessions';
import { messageOf } from '@/components/api/client';
import { KIND_WORDS, RedactionReportView, type RedactionReportLike } from './RedactionReportView';
import { filteredSelection } from './selection';
import { PublishPanel } from './PublishPanel';

interface Options {
  format: ExportFormatId;
  redact: boolean;
  kinds: RedactionKind[];
  paths: string;
  filtered: boolean;
}

interface Body {
  redact: string;
  paths?: string[];
  seqs?: string;
}

function bodyOf(o: Options, ranges: string | null): Body {
  const redactable = EXPORT_FORMATS[o.format].redaction;
  const kinds = o.redact && redactable ? o.kinds : [];
  const redact = !o.redact || !redactable || kinds.length === 0 ? 'none' : kinds.length === REDACTION_KINDS.length ? 'all' : kinds.join(',');
  const paths = o.paths.split('\n').map((p) => p.trim()).filter(Boolean);
  const body: Body = { redact };
  if (o.redact && kinds.includes('json-path') && paths.length) body.paths = paths;
  if (o.filtered && ranges !== null) body.seqs = ranges;
  return body;
}

type Preview =
  | { state: 'none' }
  | { state: 'busy' }
  | { state: 'ready'; key: string; events: number; report: RedactionReportLike | null }
  | { state: 'failed'; error: string };

export function ExportDialog({ sessionId, onClose }: { sessionId: string; onClose(): void }) {
  const view = useSessions((s) => s.sessions[sessionId]);
  // The selection is what the timeline showed when the dialog opened: new traffic on a live
  // session does not change what was previewed.
  const [selection] = useState(() => {
    const s = useSessions.getState().sessions[sessionId];
    return s ? filteredSelection(s, filterOf(useTimeline.getState(), sessionId)) : null;
  });
  const [o, setO] = useState<Options>({ format: DEFAULT_EXPORT_FORMAT, redact: true, kinds: [...REDACTION_KINDS], paths: '', filtered: !!selection?.ranges });
  const [preview, setPreview] = useState<Preview>({ state: 'none' });
  const [saved, setSaved] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [downloading, setDownloading] = useState(false);

  if (!view || !selection) return null;
  const body = bodyOf(o, selection.ranges);
  const key = JSON.stringify(body);
  const previewed = preview.state === 'ready' && preview.key === key;
  const emptySelection = o.filtered && selection.ranges === '';
  const update = (patch: Partial<Options>) => {
    setO((prev) => ({ ...prev, ...patch }));
    setSaved(null);
  };
  const toggleKind = (k: RedactionKind) => update({ kinds: o.kinds.includes(k) ? o.kinds.filter((x) => x !== k) : REDACTION_KINDS.filter((x) => x === k || o.kinds.includes(x)) });

  const runPreview = async () => {
    setPreview({ state: 'busy' });
    try {
      const r = await api.call(API.exportPreview, { params: { id: sessionId }, body });
      setPreview({ state: 'ready', key, events: r.events, report: r.redaction });
    } catch (err) {
      setPreview({ state: 'failed', error: messageOf(err) });
    }
  };

  const runDownload = async () => {
    setDownloading(true);
    setProblem(null);
    try {
      const d = await api.download(API.exportSelection, { params: { id: sessionId }, body: { format: o.format, ...body } }, `${view.summary.name}.${EXPORT_FORMATS[o.format].extension}`);
      const redacted = d.headers.get('x-rpcscope-redacted');
      setSaved(`Downloaded ${d.fileName} (${d.bytes.toLocaleString()} bytes${redacted && redacted !== 'none' ? `, ${redacted} replacements` : ', not redacted'}).`);
    } catch (err) {
      setProblem(messageOf(err));
    } finally {
      setDownloading(false);
    }
  };

  return (
    <Dialog
      title={<>Export <span className="font-normal text-muted">“{view.summary.name}”</span></>}
      onClose={onClose}
      width={760}
      testId="export-dialog"
      footer={
        <>
          {saved ? <span role="status" className="min-w-0 truncate text-[12px] text-ok" data-testid="export-saved">{saved}</span> : null}
          <span className="ml-auto" />
          <Button onClick={() => void runPreview()} disabled={preview.state === 'busy' || emptySelection} data-testid="export-preview">
            {previewed ? 'Preview again' : 'Preview'}
          </Button>
          <Button variant="primary" onClick={() => void runDownload()} disabled={!previewed || downloading || emptySelection} title={previewed ? 'Download the file' : 'Preview first: see what will be redacted'} data-testid="export-download">
            {downloading ? 'Preparing…' : 'Download'}
          </Button>
        </>
      }
    >
      <div className="flex flex-col gap-4 p-4">
        <fieldset>
          <legend className="mb-1 text-[10.5px] font-semibold tracking-wider text-faint uppercase">Format</legend>
          <div className="flex flex-col gap-1">
            {EXPORT_FORMAT_IDS.map((id) => {
              const f: ExportFormat = EXPORT_FORMATS[id];
              const unavailable = f.unavailable?.(view.summary.target) ?? null;
              return (
                <label key={id} className={`flex items-start gap-2 text-[12.5px] ${unavailable ? 'opacity-50' : ''}`}>
                  <input type="radio" name="export-format" className="mt-0.5" checked={o.format === id} disabled={unavailable !== null} onChange={() => update({ format: id })} />
                  <span><b className="font-medium">{f.label}</b> <span className="text-muted">— {unavailable ?? f.hint}</span></span>
                </label>
              );
            })}
          </div>
        </fieldset>

        <fieldset>
          <legend className="mb-1 text-[10.5px] font-semibold tracking-wider text-faint uppercase">Entries</legend>
          <div className="flex flex-col gap-1 text-[12.5px]">
            <label className="flex items-center gap-2">
              <input type="radio" name="export-scope" checked={!o.filtered} onChange={() => update({ filtered: false })} />
              Whole session ({selection.total.toLocaleString()} entries)
            </label>
            <label className={`flex items-center gap-2 ${selection.ranges === null ? 'opacity-50' : ''}`}>
              <input type="radio" name="export-scope" checked={o.filtered} disabled={selection.ranges === null} onChange={() => update({ filtered: true })} />
              {selection.ranges === null ? 'What the timeline filter shows (no filter is set)' : `What the timeline filter shows (${selection.count.toLocaleString()} entries)`}
            </label>
            {emptySelection ? <p className="text-[12px] text-warn">The filter shows no entries: nothing to export.</p> : null}
          </div>
        </fieldset>

        {EXPORT_FORMATS[o.format].redaction ? (
          <fieldset>
            <legend className="mb-1 flex items-center gap-2 text-[10.5px] font-semibold tracking-wider text-faint uppercase">
              <label className="flex items-center gap-1.5 normal-case tracking-normal text-fg">
                <input type="checkbox" checked={o.redact} onChange={(e) => update({ redact: e.target.checked })} aria-label="Redact secrets" />
                <span className="text-[12.5px] font-medium">Redact secrets</span>
              </label>
            </legend>
            <div className={`grid grid-cols-2 gap-x-4 gap-y-1 ${o.redact ? '' : 'pointer-events-none opacity-50'}`}>
              {REDACTION_KINDS.map((k) => (
                <label key={k} className="flex items-start gap-2 text-[12.5px]" title={KIND_WORDS[k].hint}>
                  <input type="checkbox" className="mt-0.5" checked={o.kinds.includes(k)} disabled={!o.redact} onChange={() => toggleKind(k)} aria-label={KIND_WORDS[k].label} />
                  <span>
                    {KIND_WORDS[k].label}
                    <span className="block text-[11px] leading-tight text-faint">{KIND_WORDS[k].hint}</span>
                  </span>
                </label>
              ))}
            </div>
            {o.redact && o.kinds.includes('json-path') ? (
              <label className="mt-2 block text-[12px] text-muted">
                JSON paths to redact, one per line (<code className="font-mono">params.auth.token</code>, <code className="font-mono">result.items[*].key</code>, <code className="font-mono">**.password</code>)
                <TextArea code aria-label="JSON paths to redact" value={o.paths} onChange={(e) => update({ paths: e.target.value })} className="mt-1 block h-16 w-full" />
              </label>
            ) : null}
          </fieldset>
        ) : <p className="text-[12px] text-muted">This format is written as recorded: it takes no redaction pass.</p>}

        <section aria-label="Preview" className="rounded border border-line bg-panel p-3">
          <h3 className="mb-1.5 text-[10.5px] font-semibold tracking-wider text-faint uppercase">Preview</h3>
          {preview.state === 'none' || (preview.state === 'ready' && !previewed) ? (
            <p className="text-[12px] text-muted">{preview.state === 'ready' ? 'The options changed: preview again before downloading.' : 'Press Preview to see what will be taken out before anything is written.'}</p>
          ) : null}
          {preview.state === 'busy' ? <Spinner label="Scanning the session… (large sessions take a few seconds)" /> : null}
          {preview.state === 'failed' ? <Problem>{preview.error}</Problem> : null}
          {preview.state === 'ready' && previewed ? <RedactionReportView report={preview.report} events={preview.events} /> : null}
        </section>
        {EXPORT_FORMATS[o.format].redaction ? (
          <PublishPanel sessionId={sessionId} body={body} previewed={previewed && !emptySelection} running={view.summary.status === 'open' || view.summary.status === 'connecting'} />
        ) : null}
        <Problem>{problem}</Problem>
      </div>
    </Dialog>
  );
}
