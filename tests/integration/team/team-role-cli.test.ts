/**
 * `rpcscope team user role NAME --role R --database URL`, the real command against a team
 * database on a real PostgreSQL: a new role holds from the person's next request, the last owner
 * cannot be demoted (from the command line or the API), and bad input is refused in words.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rpcscopeCli, startTeam, type Team } from './team-harness';

let team: Team;
beforeAll(async () => {
  team = await startTeam();
}, 60_000);
afterAll(() => team?.stop(), 60_000);

const role = (name: string, r: string) => rpcscopeCli(['team', 'user', 'role', name, '--role', r, '--database', team.database]);
const roleOf = async (name: string) => (await team.store.user({ name }))?.role;
const pushAs = (as: 'member' | 'viewer' | 'owner', name: string) =>
  team.api(`/api/collections/${name}`, { as, method: 'PUT', body: JSON.stringify({ version: 0, body: { format: 'x' } }) });

describe('rpcscope team user role', () => {
  it('changes a role, and the new one holds from that person\'s next request', async () => {
    expect((await pushAs('member', 'before')).status).toBe(200);
    const r = await role('member', 'viewer');
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain('member is now viewer (was member)');
    expect(await roleOf('member')).toBe('viewer');
    const refused = await pushAs('member', 'after');
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as { error: string }).error).toMatch(/your role is viewer/);

    await team.store.setRole((await team.store.user({ name: 'member' }))!.id, 'member');
    expect((await pushAs('member', 'after')).status).toBe(200);
  }, 30_000);

  it('refuses to demote the last owner, from the command line and the API, and changes nothing', async () => {
    const r = await role('owner', 'member');
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/owner is the team's last owner: make someone else an owner first.*nothing was changed/);
    expect(await roleOf('owner')).toBe('owner');

    const api = await team.api('/api/users/owner/role', { method: 'PUT', body: JSON.stringify({ role: 'viewer' }), headers: { origin: team.server.url } });
    expect(api.status).toBe(409);
    expect(await roleOf('owner')).toBe('owner');

    // With a second owner, the first may step down.
    await team.store.setRole((await team.store.user({ name: 'viewer' }))!.id, 'owner');
    const down = await role('owner', 'member');
    expect(down.code, down.stderr).toBe(0);
    expect(await roleOf('owner')).toBe('member');
    // And now the promoted one is the last owner.
    await expect(team.store.setRole((await team.store.user({ name: 'viewer' }))!.id, 'viewer')).rejects.toThrow(/viewer is the team's last owner/);
    expect(await roleOf('viewer')).toBe('owner');
  }, 30_000);

  it('says what is wrong with an unknown role or an unknown person', async () => {
    const bad = await role('member', 'admin');
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('--role must be one of owner, member, viewer');
    const nobody = await role('nobody', 'viewer');
    expect(nobody.code).toBe(2);
    expect(nobody.stderr).toContain('no user named nobody');
  }, 30_000);
});
