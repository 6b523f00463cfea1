/**
 * Element ids the HTML export writes and its viewer reads. Their own module, so the viewer bundle
 * does not pull in what lib/export/html.ts needs to build the page (the target-kind registry, zod).
 */
export const HTML_DATA_ID = 'rpcscope-session';
export const HTML_TARGET_LINE_ID = 'rpcscope-target-line';
/** Present only on a team server's page of a published session (lib/team): where to follow it live. */
export const HTML_LIVE_ID = 'rpcscope-live';

/** What a team server's page tells the viewer: its live stream and where comments go (same origin). */
export interface LiveViewConfig {
  /** Server-sent events of new entries and comments (`?after=SEQ` is added). */
  streamUrl: string;
  /** POST `{seq, text}` here to comment; absent when the reader may not comment. */
  commentUrl?: string;
}

/** What the exporter tells the viewer about the target, worded by the target-kind registry. */
export interface ExportTargetFacts {
  /** The target in one line, as the app's session list says it. */
  line: string;
  /** The kind starts a program (it has a launch command), which the page shows only as text. */
  launch: boolean;
  /** Recorded between a real client and server (a tap), not connected to: the diagram's three lanes. */
  observed?: boolean;
}
