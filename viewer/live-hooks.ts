/** What a team server's page adds to the viewer (viewer/live.ts); the export's bundle has none of it. */
import type { LiveViewConfig } from '../lib/export/html-ids';
import type { LiveHandlers } from './live';

export interface LiveHooks {
  readLiveConfig(doc: Document): LiveViewConfig | undefined;
  followLive(cfg: LiveViewConfig, lastSeq: () => number, on: LiveHandlers): void;
  postComment(url: string, seq: number, text: string): Promise<string | null>;
}
