/**
 * What one target kind must say about itself. Each kind is one file in this folder exporting one
 * `TargetKindDef`; the registry (registry.ts) lists them, and every list, switch and label that
 * depends on the kind (schema, CLI, connect form, redaction, substitution, history filters) is
 * derived from these records, so a kind that leaves a part out fails to compile.
 */
import type { z } from 'zod';
import type { Framing } from '../session/types';

/**
 * What a member of a target is, so redaction and `{{variable}}` substitution can treat it without
 * knowing the kind: `url` (credentials in it are secrets), `text` (substituted, searched for
 * secrets), `texts` (a list of texts), `args` (argv: a value after `--token` is a secret),
 * `headers` (credential headers are secrets), `env` (every value is a secret), `plain` (not text
 * a user writes variables into: numbers, the framing).
 */
export type FieldRole = 'url' | 'text' | 'texts' | 'args' | 'headers' | 'env' | 'plain';

type RoleFor<V> = V extends string
  ? 'url' | 'text' | 'plain'
  : V extends readonly string[]
    ? 'texts' | 'args'
    : V extends Record<string, string>
      ? 'headers' | 'env'
      : 'plain';

/** A role for every member but `kind`, in the order they are substituted and reported. */
export type FieldRoles<T> = { [F in Exclude<keyof T, 'kind'>]-?: RoleFor<NonNullable<T[F]>> };

/** A target's headers as the form's rows (the reverse of headersOf). */
export const headerRows = (headers: Record<string, string> | undefined): HeaderRow[] =>
  Object.entries(headers ?? {}).map(([name, value]) => ({ name, value }));

/** One header row of the connect form. */
export interface HeaderRow {
  name: string;
  value: string;
}

/** The command of a spawned target as the form edits it: one shell-like line, or one argument per line. */
export interface ArgvForm {
  argsMode: 'line' | 'list';
  commandLine: string;
  command: string;
  argsText: string;
}

/** The value each kind of form control edits. */
export interface ControlValues {
  text: string;
  number: string;
  textarea: string;
  headers: HeaderRow[];
  framing: Framing;
  argv: ArgvForm;
}
export type Control = keyof ControlValues;

type KeysOfType<F, V> = { [K in keyof F]: F[K] extends V ? (V extends F[K] ? K : never) : never }[keyof F] & string;

/** One field of the connect form; `key` must name a member of the form state of the control's type. */
export type FormField<F> = {
  [C in Control]: {
    control: C;
    key: KeysOfType<F, ControlValues[C]>;
    label: string;
    /** The input's element id (tests and labels find it by this). */
    id: string;
    placeholder?: string;
    hint?: string;
    /** Shown in a narrow column next to the field before it (a port next to its host). */
    narrow?: boolean;
  };
}[Control];

export type BuiltTarget<T> = { ok: true; target: T } | { ok: false; error: string };

export interface FormSpec<T, F> {
  initial: F;
  /** In display order. */
  fields: readonly FormField<F>[];
  /** The form state as a target, or what is missing in plain words (the schema checks it again). */
  build(form: F): BuiltTarget<T>;
  /** A target as this form's state, so "Duplicate as new target" opens the form filled in. */
  fromTarget(target: T): F;
  /** This kind's part of a form remembered by this or an older version; default: its members over `initial`. */
  recall?(saved: Record<string, unknown>): F;
}

/** What the CLI's shared options parsed, for a kind to build its target from. */
export interface CliArgs {
  /** The value after the kind's own flag (when `value` is set). */
  value?: string;
  headers: Record<string, string>;
  subprotocols: string[];
  framing?: Framing;
  cwd?: string;
  env: Record<string, string>;
  /** Everything after `--`. */
  command: string[];
}

export interface CliSpec<T> {
  /** `--tcp` */
  flag: `--${string}`;
  /** The flag's value in the usage text (`HOST:PORT`); absent when the flag takes none. */
  value?: string;
  /** The rest of its usage line: the shared options this kind reads. */
  usage: string;
  /** The target, or a usage error in plain words. */
  build(args: CliArgs): BuiltTarget<T>;
}

/** What every kind says about itself, connectable or not. */
export interface TargetKindBase<T extends { kind: string }, S extends z.ZodType<T> = z.ZodType<T>> {
  kind: T['kind'];
  /** As users call it: `HTTP`, `WebSocket`, `stdio`, `TCP`. */
  label: string;
  /** Carries raw bytes that need a framing decoder (the transport says the same; a test checks). */
  stream: boolean;
  /**
   * Each message is its own exchange (an HTTP POST): what comes back on it belongs to it, and
   * nothing is held open between messages, so there is no "connected" moment and a quiet open
   * session is only idle. False for kinds that hold one connection or process for the session.
   */
  perRequestExchanges: boolean;
  /** Checks a target from outside (API body, imported file, the form) with limits on every member. */
  schema: S;
  roles: FieldRoles<T>;
  /** One line naming the target, for lists, headers, session names and history search. */
  describe(target: T): string;
  /**
   * The key OpenRPC documents are remembered by: what makes it the same target. Headers,
   * environment and framing do not make a different target.
   */
  key(target: T): string;
  /** The URL schemes (`ws`, `wss`) a URL of this kind starts with, when its target is a URL; see `kindForUrl`. */
  urlSchemes?: readonly string[];
  /** The command line that starts this target again, when it is a program (shown to users, never run). */
  launch?(target: T): string;
}

/** A kind rpcscope connects to: the connect form and `rpcscope call` offer it. */
export interface TargetKindDef<T extends { kind: string }, F, S extends z.ZodType<T> = z.ZodType<T>> extends TargetKindBase<T, S> {
  cli: CliSpec<T>;
  form: FormSpec<T, F>;
}

/**
 * A kind rpcscope records but never connects to (a tap is started by the client's own
 * configuration): by design it has no CLI flag and no connect-form fields, and says how such a
 * session comes to be instead.
 */
export interface ObservedKindDef<T extends { kind: string }, S extends z.ZodType<T> = z.ZodType<T>> extends TargetKindBase<T, S> {
  connect: 'not-offered';
  /** Why it is not in the form, and how such a session starts (told when one is asked to connect). */
  howToStart: string;
}
