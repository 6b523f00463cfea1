/**
 * Answer shapes of the /api routes that are not a lib type already. Each used to be written twice
 * (once where the server builds it, once where the page reads it); now both import it from here.
 */
import type { Collection, CollectionTree } from '../collections/stored';
import type { MethodListItem } from '../openrpc/set';
import type { DocumentSummary } from '../openrpc/types';
import type { SessionSummary } from '../session/types';

/** A session as the history lists it. */
export interface HistoryEntry extends SessionSummary {
  /** From start to end (or to now while it is live). */
  durationMs?: number;
  live: boolean;
  shared: boolean;
}

/** What importing a session file answers. */
export interface ImportedSession {
  session: SessionSummary;
  /** The stdio command line as text, for showing only. */
  launchCommand?: string;
  redactions: { kind: string; count: number }[];
}

/** Running a saved item. */
export interface RunResult {
  sessionId: string;
  seq: number;
  /** Present when the run opened a new session to the item's own target. */
  session?: SessionSummary;
}

/** Importing a collection (file or OpenRPC document). */
export interface CollectionImport {
  collection: Collection;
  tree: CollectionTree;
  counts: { items: number; folders: number };
}

/** A session's share link, when it has one. */
export interface ShareState {
  shareId: string | null;
  url: string | null;
}

/** The local app's link to a team server as the page sees it: never the token, only whether one is set. */
export interface TeamLinkState {
  url: string | null;
  tokenSet: boolean;
}

/** A session being published live (server/publish/live.ts): where it is and how it goes. */
export interface LivePublicationStatus {
  url: string;
  /** `retrying`: the team server cannot be reached; it catches up from its last seq when it can. */
  state: 'live' | 'retrying' | 'done' | 'failed';
  /** The last seq the team server has. */
  lastSeq: number;
  error?: string;
}

/** Export → "Publish to team": the link `TEAM_URL/t/<id>`, and the live publication when one runs. */
export interface PublishResult {
  id: string;
  url: string;
  events: number;
  live: LivePublicationStatus | null;
}

export interface ListedDocument extends DocumentSummary {
  document: unknown;
}

/** Where to load an OpenRPC document from: the target's `rpc.discover`, a URL, or the document itself. */
/** `allowPrivate`: the user opts in to fetching from loopback and private-network addresses. */
export type OpenRpcSourceBody = { discover: true } | { url: string; allowPrivate?: boolean } | { document: unknown; name?: string };

/** A session's OpenRPC documents and the method index built from them. */
export interface OpenRpcListing {
  documents: ListedDocument[];
  methods: MethodListItem[];
  live: boolean;
}
