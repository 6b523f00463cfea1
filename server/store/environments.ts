/**
 * Environments: named sets of variables for `{{name}}` substitution. A variable marked secret is
 * stored like any other (the database file is owner-only); masking it in the UI and keeping it
 * out of exports is the job of those layers, which read the `secret` flag from here.
 */
import type { Db } from './db';
import { StoreError, checkName, isoNow, newId } from './errors';

export type { Variable, Environment } from '../../lib/collections/stored';
import type { Variable, Environment } from '../../lib/collections/stored';

export const ENVIRONMENT_LIMITS = { variables: 1000, nameChars: 100, valueChars: 64 * 1024, environments: 1000 } as const;

/** What may appear between `{{` and `}}`. */
const VARIABLE_NAME = /^[A-Za-z_][A-Za-z0-9_.-]*$/;

interface EnvRow {
  id: string;
  name: string;
  created_at: string;
  updated_at: string;
}
interface VarRow {
  name: string;
  value: string;
  secret: number;
}

function checkVariable(v: unknown, i?: number): Variable {
  const where = i === undefined ? 'variable' : `variables[${i}]`;
  const o = v as Partial<Variable> | null;
  if (typeof o !== 'object' || o === null) throw new StoreError('invalid', `${where}: expected { name, value, secret }`);
  if (typeof o.name !== 'string' || o.name.length > ENVIRONMENT_LIMITS.nameChars || !VARIABLE_NAME.test(o.name)) {
    throw new StoreError(
      'invalid',
      `${where}.name: must start with a letter or _, use only letters, digits, _ . -, and be at most ${ENVIRONMENT_LIMITS.nameChars} characters`,
    );
  }
  if (typeof o.value !== 'string') throw new StoreError('invalid', `${where}.value: must be text`);
  if (o.value.length > ENVIRONMENT_LIMITS.valueChars) throw new StoreError('invalid', `${where}.value: longer than 64 KiB`);
  if (o.secret !== undefined && typeof o.secret !== 'boolean') throw new StoreError('invalid', `${where}.secret: must be true or false`);
  return { name: o.name, value: o.value, secret: o.secret === true };
}

function checkVariables(vars: unknown): Variable[] {
  if (!Array.isArray(vars)) throw new StoreError('invalid', 'variables: expected a list');
  if (vars.length > ENVIRONMENT_LIMITS.variables) throw new StoreError('invalid', `variables: at most ${ENVIRONMENT_LIMITS.variables}`);
  const out = vars.map((v, i) => checkVariable(v, i));
  const seen = new Set<string>();
  for (const v of out) {
    if (seen.has(v.name)) throw new StoreError('invalid', `variables: "${v.name}" appears twice`);
    seen.add(v.name);
  }
  return out;
}

export class EnvironmentsRepo {
  constructor(private readonly db: Db) {}

  create(input: { name: string; variables?: Variable[] }): Environment {
    const name = checkName(input?.name, 'environment');
    const vars = checkVariables(input.variables ?? []);
    const count = (this.db.prepare('SELECT COUNT(*) AS n FROM environments').get() as { n: number }).n;
    if (count >= ENVIRONMENT_LIMITS.environments) throw new StoreError('invalid', `at most ${ENVIRONMENT_LIMITS.environments} environments`);
    const id = newId();
    const now = isoNow();
    this.db.transaction(() => {
      try {
        this.db.prepare('INSERT INTO environments (id, name, created_at, updated_at) VALUES (?, ?, ?, ?)').run(id, name, now, now);
      } catch (e) {
        throw this.nameTaken(e, name);
      }
      this.writeVariables(id, vars);
    })();
    return this.require(id);
  }

  list(): Environment[] {
    const rows = this.db.prepare('SELECT * FROM environments ORDER BY name COLLATE NOCASE, id').all() as EnvRow[];
    return rows.map((r) => this.toEnvironment(r));
  }

  get(id: string): Environment | undefined {
    const row = this.db.prepare('SELECT * FROM environments WHERE id = ?').get(id) as EnvRow | undefined;
    return row ? this.toEnvironment(row) : undefined;
  }

  require(id: string): Environment {
    const env = this.get(id);
    if (!env) throw new StoreError('not-found', `no environment with id ${JSON.stringify(String(id)).slice(0, 120)}`);
    return env;
  }

  rename(id: string, name: string): Environment {
    const clean = checkName(name, 'environment');
    let changes: number;
    try {
      changes = this.db.prepare('UPDATE environments SET name = ?, updated_at = ? WHERE id = ?').run(clean, isoNow(), id).changes;
    } catch (e) {
      throw this.nameTaken(e, clean);
    }
    if (changes === 0) this.require(id);
    return this.require(id);
  }

  /** Replaces every variable at once, in the given order. */
  setVariables(id: string, variables: Variable[]): Environment {
    const vars = checkVariables(variables);
    this.db.transaction(() => {
      this.require(id);
      this.db.prepare('DELETE FROM environment_variables WHERE environment_id = ?').run(id);
      this.writeVariables(id, vars);
      this.touch(id);
    })();
    return this.require(id);
  }

  /** Adds a variable, or changes the one with the same name in place. */
  setVariable(id: string, variable: Variable): Environment {
    const v = checkVariable(variable);
    this.db.transaction(() => {
      this.require(id);
      const exists = this.db
        .prepare('SELECT 1 FROM environment_variables WHERE environment_id = ? AND name = ?')
        .get(id, v.name);
      if (exists) {
        this.db
          .prepare('UPDATE environment_variables SET value = ?, secret = ? WHERE environment_id = ? AND name = ?')
          .run(v.value, v.secret ? 1 : 0, id, v.name);
      } else {
        const n = (this.db.prepare('SELECT COUNT(*) AS n FROM environment_variables WHERE environment_id = ?').get(id) as { n: number }).n;
        if (n >= ENVIRONMENT_LIMITS.variables) throw new StoreError('invalid', `variables: at most ${ENVIRONMENT_LIMITS.variables}`);
        this.db
          .prepare(
            `INSERT INTO environment_variables (environment_id, name, value, secret, position)
             VALUES (?, ?, ?, ?, (SELECT COALESCE(MAX(position), -1) + 1 FROM environment_variables WHERE environment_id = ?))`,
          )
          .run(id, v.name, v.value, v.secret ? 1 : 0, id);
      }
      this.touch(id);
    })();
    return this.require(id);
  }

  deleteVariable(id: string, name: string): boolean {
    const changes = this.db.prepare('DELETE FROM environment_variables WHERE environment_id = ? AND name = ?').run(id, name).changes;
    if (changes) this.touch(id);
    return changes > 0;
  }

  delete(id: string): boolean {
    return this.db.prepare('DELETE FROM environments WHERE id = ?').run(id).changes > 0;
  }

  private toEnvironment(r: EnvRow): Environment {
    const vars = this.db
      .prepare('SELECT name, value, secret FROM environment_variables WHERE environment_id = ? ORDER BY position')
      .all(r.id) as VarRow[];
    return {
      id: r.id,
      name: r.name,
      variables: vars.map((v) => ({ name: v.name, value: v.value, secret: v.secret === 1 })),
      createdAt: r.created_at,
      updatedAt: r.updated_at,
    };
  }

  private writeVariables(id: string, vars: Variable[]): void {
    const insert = this.db.prepare(
      'INSERT INTO environment_variables (environment_id, name, value, secret, position) VALUES (?, ?, ?, ?, ?)',
    );
    vars.forEach((v, i) => insert.run(id, v.name, v.value, v.secret ? 1 : 0, i));
  }

  private touch(id: string): void {
    this.db.prepare('UPDATE environments SET updated_at = ? WHERE id = ?').run(isoNow(), id);
  }

  private nameTaken(e: unknown, name: string): unknown {
    if ((e as { code?: string }).code === 'SQLITE_CONSTRAINT_UNIQUE') {
      return new StoreError('conflict', `an environment named "${name}" already exists`);
    }
    return e;
  }
}
