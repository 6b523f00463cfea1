/**
 * Who may do what on the team server: one table, checked on every route. Viewers read; members
 * also publish, comment and edit collections and environments; owners also manage people.
 * A route names its action, never a role, so widening a role is one line here.
 */
export const ROLES = ['owner', 'member', 'viewer'] as const;
export type Role = (typeof ROLES)[number];

const RANK: Record<Role, number> = { viewer: 0, member: 1, owner: 2 };

/** The least role each action needs. */
export const ACTION_NEEDS = {
  read: 'viewer',
  /** Create and revoke one's own personal access tokens. */
  ownTokens: 'viewer',
  publish: 'member',
  comment: 'member',
  editShared: 'member',
  managePeople: 'owner',
} as const satisfies Record<string, Role>;

export type TeamAction = keyof typeof ACTION_NEEDS;

export function may(role: Role, action: TeamAction): boolean {
  return RANK[role] >= RANK[ACTION_NEEDS[action]];
}

/** The refusal a person sees: says which role they have and which one the action needs. */
export function refusal(role: Role, action: TeamAction): string {
  return `your role is ${role}; this needs ${ACTION_NEEDS[action]} or above`;
}
