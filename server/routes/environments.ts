/**
 * Environments and their variables. Secret values never leave the server: responses carry the
 * mask instead, and a client sending the mask back means "keep the stored value". The preview
 * route fills `{{variables}}` in a text or a target the way a run would, with secrets masked.
 */
import { HttpError, type ApiRouter } from '../api';
import { API } from '../../lib/api/routes';
import type { Environment, Store, Variable } from '../store';
import type { TargetSpec } from '../../lib/session/types';
import { parseTargetSpec } from '../../lib/session/schemas';
import {
  SECRET_MASK,
  maskSecretsIn,
  maskVariables,
  mergeMaskedVariables,
  substituteMessage,
  substituteTarget,
  buildEnvironmentFile,
  describeNeedsValue,
  needsValue,
  parseEnvironmentFile,
  type UnknownVariable,
} from '../../lib/variables';
import { safeFileName } from '../../lib/export/filename';
import { sendWithEnvironmentRoutes } from './send-with-environment';
import { guard, objectBody, optionalString, requiredString, sendDownload, type RouteDeps } from './common';

const ENV_IMPORT_LIMIT = 8 * 1024 * 1024;

/** The name itself, or "name (2)", "name (3)" … when an environment already has it. */
function freeEnvironmentName(taken: readonly string[], wanted: string): string {
  const lower = new Set(taken.map((n) => n.toLowerCase()));
  for (let i = 1; i < 10_000; i++) {
    const candidate = i === 1 ? wanted : `${wanted.slice(0, 190)} (${i})`;
    if (!lower.has(candidate.toLowerCase())) return candidate;
  }
  throw new HttpError(409, `too many environments named "${wanted}"`);
}

export interface MaskedEnvironment extends Omit<Environment, 'variables'> {
  variables: { name: string; value: string; secret: boolean }[];
}

const masked = (env: Environment): MaskedEnvironment => ({ ...env, variables: maskVariables(env.variables) });

function variablesFrom(body: Record<string, unknown>, stored: readonly Variable[]): Variable[] | undefined {
  const v = body.variables;
  if (v === undefined) return undefined;
  if (!Array.isArray(v)) throw new HttpError(400, 'variables: expected a list of { name, value, secret }');
  for (const [i, x] of v.entries()) {
    if (typeof x !== 'object' || x === null || typeof (x as Variable).value !== 'string') {
      throw new HttpError(400, `variables[${i}]: expected { name, value, secret }`);
    }
  }
  const merged = mergeMaskedVariables(v as Variable[], stored);
  if (merged.missing.length) {
    throw new HttpError(400, `variables: "${merged.missing[0]}" has the mask as its value but no stored value to keep; type the value`);
  }
  return merged.variables;
}

/** Masks secret values inside every string of a target. */
function maskTarget(t: TargetSpec, vars: readonly Variable[]): TargetSpec {
  return JSON.parse(JSON.stringify(t), (_k, v) => (typeof v === 'string' ? maskSecretsIn(v, vars) : v)) as TargetSpec;
}

export function environmentRoutes(router: ApiRouter, deps: RouteDeps): ApiRouter {
  const envs = (deps.store as Store).environments;
  // The builder's send with an environment lives beside these routes (its own file).
  return sendWithEnvironmentRoutes(router, deps)
    .on(API.listEnvironments, guard(() => ({ environments: envs.list().map(masked) })))
    .on(API.createEnvironment, guard(async (ctx) => {
      const body = await objectBody(ctx);
      const variables = variablesFrom(body, []) ?? [];
      return { environment: masked(envs.create({ name: requiredString(body, 'name'), variables })) };
    }))
    .on(API.getEnvironment, guard(({ params }) => ({ environment: masked(envs.require(params.id)) })))
    .on(API.updateEnvironment, guard(async (ctx) => {
      const env = envs.require(ctx.params.id);
      const body = await objectBody(ctx);
      const name = optionalString(body, 'name');
      const variables = variablesFrom(body, env.variables);
      if (name !== undefined) envs.rename(env.id, name);
      if (variables !== undefined) envs.setVariables(env.id, variables);
      return { environment: masked(envs.require(env.id)) };
    }))
    .on(API.deleteEnvironment, guard(({ params }) => {
      if (!envs.delete(params.id)) throw new HttpError(404, `no environment ${params.id}`);
      return { ok: true };
    }))
    .on(API.setVariable, guard(async (ctx) => {
      const env = envs.require(ctx.params.id);
      const body = await objectBody(ctx);
      const value = requiredString(body, 'value');
      const secret = body.secret;
      if (secret !== undefined && typeof secret !== 'boolean') throw new HttpError(400, 'secret must be true or false');
      const old = env.variables.find((v) => v.name === ctx.params.name);
      if (value === SECRET_MASK && !old) throw new HttpError(400, 'the mask is not a value: type the secret');
      const kept = value === SECRET_MASK && old ? old.value : value;
      envs.setVariable(env.id, { name: ctx.params.name, value: kept, secret: secret ?? old?.secret ?? false });
      return { environment: masked(envs.require(env.id)) };
    }))
    .on(API.deleteVariable, guard(({ params }) => {
      envs.require(params.id);
      if (!envs.deleteVariable(params.id, params.name)) throw new HttpError(404, `no variable ${params.name} in this environment`);
      return { ok: true };
    }))
    .on(API.exportEnvironment, guard(({ params, res }) => {
      // Secrets by name only (lib/variables/env-file.ts): the file never carries their values.
      const env = envs.require(params.id);
      sendDownload(res, buildEnvironmentFile(env), safeFileName(env.name, 'rpcscope-environment.json', 'environment'), 'application/json; charset=utf-8');
      return undefined;
    }))
    .on(API.importEnvironment, guard(async (ctx) => {
      const text = requiredString(await objectBody(ctx), 'text');
      if (text.length > ENV_IMPORT_LIMIT) throw new HttpError(413, 'the environment file is larger than 8 MiB');
      const parsed = parseEnvironmentFile(text);
      if (!parsed.ok) throw new HttpError(400, parsed.error);
      const name = freeEnvironmentName(envs.list().map((e) => e.name), parsed.name);
      return { environment: masked(envs.create({ name, variables: parsed.variables })), secrets: parsed.secrets };
    }))
    .on(API.previewEnvironment, guard(async (ctx) => {
      const env = envs.require(ctx.params.id);
      const body = await objectBody(ctx);
      const out: { text?: string; target?: TargetSpec; unknown: UnknownVariable[]; needsValue?: string } = { unknown: [] };
      const text = optionalString(body, 'text');
      if (text !== undefined) {
        const r = substituteMessage(text, env.variables, 'text');
        out.text = maskSecretsIn(r.text, env.variables);
        out.unknown.push(...r.unknown);
        const missing = needsValue(env.variables, r.used);
        if (missing.length) out.needsValue = describeNeedsValue(missing);
      }
      if (body.target !== undefined) {
        const t = parseTargetSpec(body.target);
        if (!t.ok) throw new HttpError(400, `target: ${t.error}`);
        const r = substituteTarget(t.value, env.variables);
        out.target = maskTarget(r.target, env.variables);
        out.unknown.push(...r.unknown);
      }
      return out;
    }));
}
