/**
 * Every target kind, one line each. The `TargetSpec` union, `TargetKind`, the target schema,
 * `describeTarget`, the OpenRPC key and every kind list in the app are derived from this record;
 * a new kind is one file in this folder, one line here and one transport line in
 * server/transports/registry.ts (the compiler asks for that one).
 */
import { z } from 'zod';
import { isObjectInput } from '../session/schema-blocks';
import { http } from './http';
import type { TargetKindBase, TargetKindDef } from './kind';
import { schemeOf } from './parts';
import { stdio } from './stdio';
import { tap } from './tap';
import { tcp } from './tcp';
import { unix } from './unix';
import { websocket } from './websocket';

/** Kinds rpcscope connects to, in the order the connect form and the CLI usage list them. */
export const CONNECTABLE_KINDS = { stdio, http, websocket, tcp, unix };
/** Kinds recorded but never connected to from rpcscope (no form, no CLI flag: `ObservedKindDef`). */
const OBSERVED_KINDS = { tap };
/** Every kind a session can have, in the order the history filter lists them. */
export const TARGET_KINDS = { ...CONNECTABLE_KINDS, ...OBSERVED_KINDS };

export type TargetKind = keyof typeof TARGET_KINDS;
export type ConnectableKind = keyof typeof CONNECTABLE_KINDS;
type SchemaOf<K extends TargetKind> = (typeof TARGET_KINDS)[K]['schema'];
export type TargetOf<K extends TargetKind> = z.infer<SchemaOf<K>>;
export type TargetSpec = { [K in TargetKind]: TargetOf<K> }[TargetKind];

// Each record sits under its own kind's name, so `TARGET_KINDS[t.kind]` is that kind's record.
const namedByKind: { [K in TargetKind]: { kind: K } } = TARGET_KINDS;
void namedByKind;

export const TARGET_KIND_LIST = Object.keys(TARGET_KINDS) as TargetKind[];
export const CONNECTABLE_KIND_LIST = Object.keys(CONNECTABLE_KINDS) as ConnectableKind[];

export function isTargetKind(value: unknown): value is TargetKind {
  return typeof value === 'string' && Object.prototype.hasOwnProperty.call(TARGET_KINDS, value);
}

export function isConnectableKind(value: unknown): value is ConnectableKind {
  return typeof value === 'string' && Object.prototype.hasOwnProperty.call(CONNECTABLE_KINDS, value);
}

/** A kind's record, seen through what every kind must answer. */
export type AnyTargetKindDef = TargetKindBase<TargetSpec>;
export function targetKindDef(kind: TargetKind): AnyTargetKindDef {
  return TARGET_KINDS[kind] as unknown as AnyTargetKindDef;
}

/** A connectable kind's record, with its CLI flag and connect form. */
export type ConnectableKindDef = TargetKindDef<TargetSpec, unknown>;
export function connectableKindDef(kind: ConnectableKind): ConnectableKindDef {
  return CONNECTABLE_KINDS[kind] as unknown as ConnectableKindDef;
}

/** Why a target of this kind cannot be connected to, or null when it can. */
export function notConnectable(kind: TargetKind): string | null {
  return isConnectableKind(kind) ? null : OBSERVED_KINDS[kind].howToStart;
}

const schemas = TARGET_KIND_LIST.map((k) => TARGET_KINDS[k].schema) as [SchemaOf<TargetKind>, ...SchemaOf<TargetKind>[]];

export const TargetSpecSchema = z.discriminatedUnion('kind', schemas, {
  error: (iss) => (!isObjectInput(iss.input) ? 'expected a target object' : `kind must be one of ${TARGET_KIND_LIST.join(', ')}`),
});

/** The one line that names a target everywhere: lists, headers, session names, history search. */
export function describeTarget(target: TargetSpec): string {
  return targetKindDef(target.kind).describe(target);
}

/** As users call the kind: `HTTP`, `WebSocket`, `TCP` … */
export function targetKindLabel(kind: TargetKind): string {
  return TARGET_KINDS[kind].label;
}

/** The kind whose `urlSchemes` include this URL's scheme (`wss://…` → websocket), or undefined. */
export function kindForUrl(url: string): TargetKind | undefined {
  const scheme = schemeOf(url);
  return scheme === undefined ? undefined : TARGET_KIND_LIST.find((k) => targetKindDef(k).urlSchemes?.includes(scheme));
}

/** Whether a target is HTTP, for what only HTTP targets have (the one test is http.ts's). */
export { isHttpTarget } from './http';

/** The command line that starts the target again (a spawned program), or undefined for kinds that have none. */
export function launchCommandOf(target: TargetSpec): string | undefined {
  return targetKindDef(target.kind).launch?.(target);
}
