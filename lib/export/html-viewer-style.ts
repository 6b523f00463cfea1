/** The HTML export's stylesheet: system fonts only (nothing to fetch), dark and light from the OS. */
export const HTML_VIEWER_STYLE = String.raw`
:root { color-scheme: light dark; --bg:#ffffff; --panel:#f5f6f8; --line:#dde1e6; --text:#1d2430; --muted:#5f6b7a;
  --accent:#2563eb; --sel:#dbe7ff; --ok:#15803d; --err:#c62828; --warn:#b45309; --pending:#6d28d9; --code:#f0f2f5; }
@media (prefers-color-scheme: dark) { :root { --bg:#101419; --panel:#171c23; --line:#2a313b; --text:#dce3ea; --muted:#8b97a6;
  --accent:#6ea8ff; --sel:#1f3352; --ok:#4ade80; --err:#f87171; --warn:#fbbf24; --pending:#c4b5fd; --code:#0b0f14; } }
* { box-sizing: border-box; }
html, body { height: 100%; margin: 0; }
body { background: var(--bg); color: var(--text); font: 13px/1.4 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif;
  display: flex; flex-direction: column; }
.mono, pre, code, .row { font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, "Liberation Mono", monospace; font-size: 12px; }
header { padding: 8px 12px; border-bottom: 1px solid var(--line); background: var(--panel); }
header h1 { font-size: 15px; margin: 0 0 2px; word-break: break-all; }
.meta { color: var(--muted); display: flex; flex-wrap: wrap; gap: 4px 14px; }
.badge { display: inline-block; padding: 0 6px; border-radius: 9px; border: 1px solid var(--line); font-size: 11px; color: var(--muted); }
.badge.warn { color: var(--warn); border-color: var(--warn); }
.badge.mark { margin-right: 4px; padding: 0 4px; border-radius: 3px; font: 10px/14px system-ui, sans-serif; } .mark-injected { color: var(--accent); border-color: var(--accent); } .mark-edited { color: var(--warn); border-color: var(--warn); }
.toolbar { display: flex; flex-wrap: wrap; gap: 8px; align-items: center; padding: 6px 12px; border-bottom: 1px solid var(--line); }
.toolbar input[type=search] { flex: 1 1 220px; min-width: 160px; }
input, select, button { font: inherit; color: inherit; background: var(--bg); border: 1px solid var(--line); border-radius: 4px; padding: 3px 6px; }
button { cursor: pointer; }
button:hover { border-color: var(--accent); }
.main { flex: 1; display: flex; min-height: 0; }
.list { flex: 1 1 55%; display: flex; flex-direction: column; min-width: 0; border-right: 1px solid var(--line); }
.cols, .row { display: grid; grid-template-columns: 56px 84px 28px 92px 70px minmax(80px,1fr) 70px 96px 44px minmax(120px,1.6fr); gap: 0 8px;
  align-items: center; padding: 0 10px; white-space: nowrap; }
.cols { color: var(--muted); font-size: 11px; text-transform: uppercase; letter-spacing: .04em; height: 24px; border-bottom: 1px solid var(--line); }
.scroller { flex: 1; overflow: auto; position: relative; outline: none; }
.row { position: absolute; left: 0; right: 0; height: 22px; cursor: default; border-bottom: 1px solid transparent; }
.row > span { overflow: hidden; text-overflow: ellipsis; }
.row:hover { background: var(--panel); }
.row.sel { background: var(--sel); }
.row.paired { background: var(--panel); box-shadow: inset 3px 0 0 var(--accent); }
.dir-out { color: var(--accent); } .dir-in { color: var(--ok); } .dir-meta { color: var(--muted); }
.t-ok { color: var(--ok); } .t-error { color: var(--err); } .t-warn { color: var(--warn); } .t-pending { color: var(--pending); } .t-muted { color: var(--muted); }
.list-area { flex: 1 1 55%; display: flex; flex-direction: column; min-width: 0; min-height: 0; } .list-area > .list { flex: 1; min-height: 0; }
.views { display: flex; gap: 4px; padding: 4px 10px; border-bottom: 1px solid var(--line); }
.views button[aria-pressed=true] { border-color: var(--accent); color: var(--accent); }
.sequence { flex: 1; overflow: auto; } .sequence text { font-size: 11px; } .sequence .lane { font-weight: 600; fill: var(--text); }
.sequence .lane-line { stroke: var(--line); } .sequence .join { stroke: currentColor; stroke-width: 4; stroke-opacity: .3; }
.sequence .hit { fill: transparent; cursor: pointer; } .sequence .arrow:hover .hit { fill: var(--panel); }
.sequence .t-muted, .sequence .gap { fill: var(--muted); } .t-fg { color: var(--text); }
.inspector { flex: 1 1 45%; overflow: auto; padding: 10px 14px; min-width: 0; }
.inspector h2 { font-size: 12px; text-transform: uppercase; letter-spacing: .05em; color: var(--muted); margin: 14px 0 6px; }
.inspector h2:first-child { margin-top: 0; }
table.kv { border-collapse: collapse; width: 100%; }
table.kv td { padding: 2px 8px 2px 0; vertical-align: top; word-break: break-all; }
table.kv td:first-child { color: var(--muted); white-space: nowrap; width: 1%; }
pre { background: var(--code); border: 1px solid var(--line); border-radius: 4px; padding: 8px; margin: 0; white-space: pre-wrap;
  word-break: break-all; max-height: 60vh; overflow: auto; }
.finding { border-left: 3px solid var(--warn); padding: 2px 8px; margin: 4px 0; }
.finding.error { border-color: var(--err); } .finding.info { border-color: var(--accent); }
.finding .spec { color: var(--muted); font-style: italic; }
.empty { color: var(--muted); padding: 20px; }
a.jump { color: var(--accent); cursor: pointer; text-decoration: underline; }
.comment { border-left: 3px solid var(--accent); padding: 2px 8px; margin: 4px 0; } .comment-text { white-space: pre-wrap; word-break: break-word; }
.comments textarea { width: 100%; box-sizing: border-box; font: inherit; background: var(--code); color: inherit; border: 1px solid var(--line); border-radius: 4px; margin-top: 6px; }
.live-state { margin-left: 12px; color: var(--accent); }
.probe { flex: 1; overflow: auto; } .probe-summary { padding: 8px 12px; border-bottom: 1px solid var(--line); display: grid; gap: 2px; }
.probe-list { list-style: none; margin: 0; padding: 0; } .probe-check { padding: 6px 12px; border-bottom: 1px solid var(--line); }
.probe-head { display: flex; gap: 8px; align-items: baseline; } .probe-verdict { font-weight: 600; min-width: 9em; font-family: ui-monospace, monospace; }
.probe-level { color: var(--muted); font-size: 11px; min-width: 4em; } .probe-did { color: var(--muted); margin: 2px 0 0; word-break: break-word; }
.probe-line { display: flex; gap: 6px; align-items: baseline; margin-top: 2px; } .probe-line > span { word-break: break-all; }
.probe-line button { color: var(--accent); padding: 0 4px; white-space: nowrap; }
.probe-spec { margin: 4px 0 0; padding-left: 8px; border-left: 2px solid var(--line); color: var(--muted); font-style: italic; }
@media (max-width: 900px) { .main { flex-direction: column; } .list { border-right: 0; border-bottom: 1px solid var(--line); } }
`;
