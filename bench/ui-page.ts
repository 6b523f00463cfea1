/**
 * The measuring half of the UI benchmark, installed into the page as plain JavaScript text
 * (`page.addInitScript({ content: PAGE_SCRIPT })`, then `page.evaluate('window.__rpcBench…')`).
 * It is a string on purpose: functions handed to page.evaluate from TypeScript run through the
 * compiler first, which may add helpers the page does not have.
 *
 * Times are performance.now() in the page. "Shown" means: the change is in the DOM and the next
 * frame has been rendered (a requestAnimationFrame followed by a message task, which runs after
 * that frame's style, layout and paint).
 */
export const PAGE_SCRIPT = String.raw`
(() => {
  if (window.__rpcBench) return;
  const B = {};
  const now = () => performance.now();
  const ROWS = '[data-testid="timeline-scroll"] [role="row"]';
  B.countText = () => document.querySelector('[data-testid="timeline-count"]')?.textContent ?? '';
  B.scanTitle = () => document.querySelector('[data-testid="timeline-count"]')?.getAttribute('title') ?? '';
  B.firstRowSeq = () => {
    const rows = document.querySelectorAll(ROWS);
    let best = null;
    for (const r of rows) { const s = Number(r.getAttribute('data-seq')); if (best === null || s < best) best = s; }
    return best;
  };
  B.rowCount = () => document.querySelectorAll(ROWS).length;
  B.afterPaint = () => new Promise((resolve) => requestAnimationFrame(() => {
    const ch = new MessageChannel();
    ch.port1.onmessage = () => resolve(now());
    ch.port2.postMessage(0);
  }));
  /** Resolves with the time the predicate first held (checked on every DOM change). */
  B.waitFor = (pred, timeoutMs = 60000) => new Promise((resolve, reject) => {
    if (pred()) return resolve(now());
    let timer = 0;
    const mo = new MutationObserver(() => {
      if (!pred()) return;
      const t = now();
      mo.disconnect(); clearTimeout(timer); resolve(t);
    });
    mo.observe(document.documentElement, { subtree: true, childList: true, characterData: true });
    timer = setTimeout(() => { mo.disconnect(); reject(new Error('timed out after ' + timeoutMs + ' ms waiting for ' + pred)); }, timeoutMs);
  });

  // Long tasks (> 50 ms on the main thread), from page start.
  B.longTasks = [];
  try {
    new PerformanceObserver((list) => { for (const e of list.getEntries()) B.longTasks.push({ start: e.startTime, ms: e.duration }); })
      .observe({ type: 'longtask', buffered: true });
  } catch {}
  B.longTasksBetween = (a, b) => B.longTasks.filter((t) => t.start >= a && t.start <= b).map((t) => t.ms);

  // From navigation start: first timeline row, and the count reading the expected total.
  B.nav = { firstRow: null, firstRowPainted: null, allShown: null };
  const target = sessionStorage.getItem('rpcscope.bench.expect');
  const navTimeout = Number(sessionStorage.getItem('rpcscope.bench.timeout') || 120000);
  if (target) {
    const watch = () => {
      B.waitFor(() => document.querySelector(ROWS) !== null, navTimeout).then((t) => {
        B.nav.firstRow = t;
        B.afterPaint().then((p) => { B.nav.firstRowPainted = p; });
      }, () => {});
      B.waitFor(() => B.countText() === target, navTimeout).then((t) => { B.nav.allShown = t; }, () => {});
    };
    if (document.documentElement) watch(); else document.addEventListener('DOMContentLoaded', watch);
  }

  /** Clicks the session in the list; times to its first row and to every entry counted. */
  B.openSession = async (id, expectCount, timeoutMs = 120000) => {
    const item = document.querySelector('[data-session-id="' + CSS.escape(id) + '"]');
    if (!item) throw new Error('session ' + id + ' is not in the list');
    const t0 = now();
    item.click();
    const firstRow = await B.waitFor(() => document.querySelector(ROWS) !== null);
    const firstRowPainted = await B.afterPaint();
    const allShown = await B.waitFor(() => B.countText() === expectCount, timeoutMs);
    const allPainted = await B.afterPaint();
    return { firstRowMs: firstRow - t0, firstRowPaintedMs: firstRowPainted - t0, allShownMs: allShown - t0, allPaintedMs: allPainted - t0, longTasks: B.longTasksBetween(t0, allPainted) };
  };

  const valueSetter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value').set;
  const filterInput = () => document.querySelector('input[aria-label="Filter the timeline"]');

  /**
   * Waits for the count to change from before (the filter pass may be deferred behind the
   * keystroke's own paint), then for the frame that shows it.
   */
  const settle = async (t0, before, timeoutMs = 15000) => {
    const echo = await B.afterPaint();
    let changed = true;
    // A pass over a big session goes on over frames (showing its progress): the result is the complete one.
    const scanning = () => document.querySelector('[data-testid="timeline-scanning"]') !== null;
    try { await B.waitFor(() => B.countText() !== before && !scanning(), timeoutMs); } catch { changed = false; }
    const shown = await B.afterPaint();
    return { echoMs: echo - t0, shownMs: shown - t0, changed };
  };

  /** Sets the filter box's text as pasting would; time until the result is shown. */
  B.setQuery = async (q) => {
    const input = filterInput();
    if (!input) throw new Error('no filter box');
    const before = B.countText();
    const t0 = now();
    valueSetter.call(input, q);
    input.dispatchEvent(new Event('input', { bubbles: true }));
    const s = await settle(t0, before);
    return { q, before, after: B.countText(), firstSeq: B.firstRowSeq(), ...s, scan: B.scanTitle(), longTasks: B.longTasksBetween(t0, now()) };
  };

  /**
   * Keystroke latency while real keys are typed (page.keyboard.type): for each input event, from
   * the event's own timestamp (queueing included) to the next painted frame.
   */
  B.keyLatencies = [];
  B.watchKeys = () => {
    B.keyLatencies = [];
    const input = filterInput();
    const onInput = (e) => { const t = e.timeStamp; B.afterPaint().then((p) => B.keyLatencies.push(p - t)); };
    input.addEventListener('input', onInput);
    B.unwatchKeys = () => input.removeEventListener('input', onInput);
  };
  B.focusFilter = () => { filterInput().focus(); };

  /** Clicks a toolbar toggle by its visible text; time until its result is shown. */
  B.clickToggle = async (label, expectChange = true) => {
    const btn = [...document.querySelectorAll('button[aria-pressed]')].find((b) => b.textContent.trim() === label);
    if (!btn) throw new Error('no toggle ' + label);
    const before = B.countText();
    const t0 = now();
    btn.click();
    const s = expectChange ? await settle(t0, before) : { shownMs: (await B.afterPaint()) - t0 };
    return { label, before, after: B.countText(), pressed: btn.getAttribute('aria-pressed'), ...s, scan: B.scanTitle() };
  };

  /**
   * Frame times (gaps between animation frames) for ms; step(i, progress) runs in each frame
   * before the page renders it.
   */
  B.sampleFrames = (ms, step) => new Promise((resolve) => {
    const deltas = [];
    let last = null;
    let i = 0;
    const t0 = now();
    const loop = (ts) => {
      if (last !== null) deltas.push(ts - last);
      last = ts;
      const progress = (ts - t0) / ms;
      if (progress >= 1) { resolve({ deltas, longTasks: B.longTasksBetween(t0, now()) }); return; }
      if (step) step(i++, progress);
      requestAnimationFrame(loop);
    };
    requestAnimationFrame(loop);
  });

  const scroller = () => document.querySelector('[data-testid="timeline-scroll"]');
  /** Wheel-like: a fixed number of pixels a frame, downward from the top. */
  B.scrollSteady = async (ms, pxPerFrame) => {
    const el = scroller();
    el.scrollTop = 0;
    await B.afterPaint();
    const r = await B.sampleFrames(ms, () => { el.scrollTop += pxPerFrame; });
    return { ...r, endTop: el.scrollTop, rows: B.rowCount(), firstSeq: B.firstRowSeq() };
  };
  /** Scrollbar drag: from top to bottom in ms, every frame landing on rows never drawn before. */
  B.scrollSweep = async (ms) => {
    const el = scroller();
    el.scrollTop = 0;
    await B.afterPaint();
    const r = await B.sampleFrames(ms, (i, p) => { el.scrollTop = Math.round(p * (el.scrollHeight - el.clientHeight)); });
    el.scrollTop = el.scrollHeight;
    await B.afterPaint();
    await B.afterPaint();
    return { ...r, rows: B.rowCount(), firstSeq: B.firstRowSeq() };
  };

  /** While something else happens (a flood): frame times, and when the count first read expect. */
  B.frameWatch = null;
  B.startFrameWatch = () => {
    const w = { deltas: [], running: true, t0: now(), last: null };
    const loop = (ts) => {
      if (w.last !== null) w.deltas.push(ts - w.last);
      w.last = ts;
      if (w.running) requestAnimationFrame(loop);
    };
    requestAnimationFrame(loop);
    B.frameWatch = w;
  };
  B.stopFrameWatch = () => {
    const w = B.frameWatch;
    w.running = false;
    return { deltas: w.deltas, longTasks: B.longTasksBetween(w.t0, now()) };
  };
  /** Epoch ms (same clock as the server's process) when the count reads text. */
  B.waitCountEpoch = async (text, timeoutMs) => {
    const t = await B.waitFor(() => B.countText() === text, timeoutMs);
    return performance.timeOrigin + t;
  };
  B.epochNow = () => performance.timeOrigin + now();

  window.__rpcBench = B;
})();
`;
