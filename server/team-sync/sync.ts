/**
 * Push and pull between the local app and its team server (issue 13 item 7). The local server
 * makes the HTTP calls with the token kept in the data directory; the page never sees it.
 *
 * A push sends the version the local copy was last synced at; the team writes only over that
 * version, so a push over someone else's newer one comes back as a conflict (who, when, which
 * version) and neither side is changed. The user then pulls theirs or keeps theirs as a copy: the
 * local one is pushed under a new team name ("NAME (copy)") and linked to it. A pull creates a
 * local copy, or updates the linked one — never over changes made here unless asked to.
 */
import type { SharedDoc } from '../../lib/team/api';
import { SHARED_KIND_INFO, TEAM_DOC_NAME, type SharedKind, type TeamCopy, type TeamDocListing, type TeamPullResult, type TeamPushResult } from '../../lib/team/sync';
import { HttpError } from '../api';
import type { TeamLink } from '../publish/settings';
import { TeamRefused, teamCall } from '../team/publish-client';
import type { Store } from '../store';
import type { TeamCopyRecord } from '../store/team-copies';
import { LOCAL_DOCS } from './local-docs';

/** How many "NAME (copy N)" names "Keep mine as a copy" tries before it gives up. */
const COPY_NAMES = 20;

const docPath = (kind: SharedKind, name?: string) => `/api/${SHARED_KIND_INFO[kind].plural}${name === undefined ? '' : `/${encodeURIComponent(name)}`}`;

/** The team server's refusal in words a user can act on; never a 401/403 of ours (those mean the local gate). */
function refused(err: unknown): never {
  if (!(err instanceof TeamRefused)) throw err;
  if (err.status === 0) throw new HttpError(502, err.message);
  if (err.status === 401) throw new HttpError(400, `${err.message} — the token is wrong or was revoked: set a new one in Team settings`);
  if (err.status === 403) throw new HttpError(400, `${err.message} — pushing needs the member role on the team server`);
  if (err.status === 404 || err.status === 413) throw new HttpError(err.status, err.message);
  throw new HttpError(err.status >= 500 ? 502 : 400, err.message);
}

export class TeamSync {
  constructor(private readonly store: Store, private readonly link: TeamLink) {}

  private call<T>(path: string, init: { method: string; body?: string }): Promise<T> {
    return teamCall<T>(this.link.url, this.link.token, path, init);
  }

  /** The link of a local thing to this team URL (a link to another team server does not count). */
  private linked(kind: SharedKind, localId: string): TeamCopyRecord | undefined {
    const c = this.store.teamCopies.get(kind, localId);
    return c?.teamUrl === this.link.url ? c : undefined;
  }

  private changed(c: TeamCopyRecord): boolean {
    return LOCAL_DOCS[c.kind].outgoing(this.store, c.localId).hash !== c.syncedHash;
  }

  copies(kinds: readonly SharedKind[]): TeamCopy[] {
    return kinds.flatMap((kind) =>
      this.store.teamCopies
        .list(kind, this.link.url)
        .filter((c) => LOCAL_DOCS[kind].name(this.store, c.localId) !== undefined)
        .map((c) => ({ kind, localId: c.localId, teamName: c.teamName, version: c.version, syncedAt: c.syncedAt, changed: this.changed(c) })),
    );
  }

  async list(kind: SharedKind): Promise<TeamDocListing[]> {
    let docs: SharedDoc<unknown>[];
    try {
      docs = await this.call<SharedDoc<unknown>[]>(docPath(kind), { method: 'GET' });
    } catch (err) {
      refused(err);
    }
    return docs.map((d) => {
      const c = this.store.teamCopies.byTeamName(kind, this.link.url, d.name);
      const name = c && LOCAL_DOCS[kind].name(this.store, c.localId);
      return {
        name: d.name,
        version: d.version,
        updatedBy: d.updatedBy,
        updatedAt: d.updatedAt,
        ...(c && name !== undefined ? { local: { id: c.localId, name, version: c.version, changed: this.changed(c) } } : {}),
      };
    });
  }

  async push(kind: SharedKind, localId: string, asCopy = false): Promise<TeamPushResult> {
    const doc = LOCAL_DOCS[kind];
    const localName = doc.name(this.store, localId);
    if (localName === undefined) throw new HttpError(404, `no local ${kind} ${localId}`);
    const linked = this.linked(kind, localId);
    const { payload, hash } = doc.outgoing(this.store, localId);
    const put = async (name: string, version: number): Promise<TeamPushResult> => {
      if (!TEAM_DOC_NAME.test(name)) throw new HttpError(400, `the team takes names of 1 to 200 characters without "/": rename “${localName}” first`);
      const r = await this.call<{ version: number }>(docPath(kind, name), { method: 'PUT', body: JSON.stringify({ version, ...payload }) });
      this.store.teamCopies.link({ kind, localId, teamUrl: this.link.url, teamName: name, version: r.version, syncedHash: hash });
      return { state: 'pushed', name, version: r.version };
    };
    const base = linked?.teamName ?? localName;
    if (asCopy) {
      for (let i = 1; i <= COPY_NAMES; i++) {
        const suffix = i === 1 ? ' (copy)' : ` (copy ${i})`;
        try {
          return await put(base.slice(0, 200 - suffix.length) + suffix, 0);
        } catch (err) {
          // Taken: try the next name. Anything else is a refusal to show.
          if (!(err instanceof TeamRefused && err.status === 409)) refused(err);
        }
      }
      throw new HttpError(409, `the team already has ${COPY_NAMES} copies of “${base}”: rename yours and push it`);
    }
    const mine = linked?.version ?? 0;
    try {
      return await put(base, mine);
    } catch (err) {
      if (!(err instanceof TeamRefused && err.status === 409)) refused(err);
      const current = (err.body as { current?: SharedDoc<unknown> | null } | undefined)?.current ?? null;
      return {
        state: 'conflict',
        name: base,
        mine,
        theirs: current ? { version: current.version, updatedBy: current.updatedBy, updatedAt: current.updatedAt } : null,
        message: err.message,
      };
    }
  }

  async pull(kind: SharedKind, teamName: string, opts: { replace?: boolean; into?: string } = {}): Promise<TeamPullResult> {
    const doc = LOCAL_DOCS[kind];
    const what = SHARED_KIND_INFO[kind].label;
    let theirs: SharedDoc<unknown>;
    try {
      theirs = await this.call<SharedDoc<unknown>>(docPath(kind, teamName), { method: 'GET' });
    } catch (err) {
      refused(err);
    }
    const incoming = doc.incoming(theirs.body);
    if (typeof incoming === 'string') throw new HttpError(502, `the team's ${what} “${teamName}” cannot be used here (${incoming}): nothing was changed`);
    const link = (localId: string) =>
      this.store.teamCopies.link({ kind, localId, teamUrl: this.link.url, teamName, version: theirs.version, syncedHash: doc.outgoing(this.store, localId).hash });
    if (opts.into !== undefined && doc.name(this.store, opts.into) === undefined) throw new HttpError(404, `no local ${kind} ${opts.into}`);
    const linked = this.store.teamCopies.byTeamName(kind, this.link.url, teamName);
    // Into a local one that is not this team thing's copy: nothing here matches theirs, so it is a replace.
    const existing = opts.into !== undefined && opts.into !== linked?.localId ? undefined : linked;
    const intoId = opts.into ?? existing?.localId;
    const existingName = intoId === undefined ? undefined : doc.name(this.store, intoId);
    if (intoId !== undefined && existingName !== undefined) {
      if (!opts.replace && (!existing || this.changed(existing))) {
        throw new HttpError(
          409,
          existing
            ? `“${existingName}” has changes made here since team version ${existing.version}: push them first (on a conflict you can keep yours as a copy), or pull again and replace them`
            : `“${existingName}” is not a copy of the team's “${teamName}”: pulling into it replaces what it holds`,
        );
      }
      this.store.teamCopies.atomically(() => {
        incoming.replace(this.store, intoId);
        link(intoId);
      });
      return { localId: intoId, name: existingName, teamName, version: theirs.version, created: false, secrets: doc.needsValue(this.store, intoId) };
    }
    const made = this.store.teamCopies.atomically(() => {
      const m = incoming.create(this.store, teamName);
      link(m.id);
      return m;
    });
    return { localId: made.id, name: made.name, teamName, version: theirs.version, created: true, secrets: doc.needsValue(this.store, made.id) };
  }
}
