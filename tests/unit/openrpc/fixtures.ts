import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { OpenRpcDocument } from '@/lib/openrpc';

const FIXTURE = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../fixtures/openrpc/petstore.json');

/** A fresh copy of the fixture document (tests may change it). */
export function petstoreValue(): Record<string, unknown> {
  return JSON.parse(readFileSync(FIXTURE, 'utf8')) as Record<string, unknown>;
}

export function petstore(): OpenRpcDocument {
  return OpenRpcDocument.load(petstoreValue());
}

/** A minimal valid document with the given methods. */
export function docWith(methods: unknown[], extra: Record<string, unknown> = {}): Record<string, unknown> {
  return { openrpc: '1.2.6', info: { title: 'Tiny', version: '0.1' }, methods, ...extra };
}
