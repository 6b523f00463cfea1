/**
 * The team server's wire shapes (bodies it takes, answers it gives), declared once as zod schemas
 * with their types derived, so the server, the CLI and the tests cannot drift. Every string and
 * list has a limit; a body that breaks one is refused with the member and the reason.
 */
import { z } from 'zod';
import { LIMITS, TrafficEventSchema, nameSchema } from '../session/schemas';
import type { SessionComment } from '../session/types';
import { ROLES } from './roles';

export const TEAM_LIMITS = {
  /** Default cap on one published session's stored events (configurable with --max-session-mb). */
  sessionBytes: 256 * 1024 * 1024,
  /** Any other JSON body (comments, collections, environments, people). */
  bodyBytes: 2 * 1024 * 1024,
  commentChars: 10_000,
  /** Events in one live append. */
  appendEvents: 20_000,
  collectionBytes: 1024 * 1024,
  variables: 1000,
  variableValueChars: 16 * 1024,
  passwordChars: 1024,
  /** Shortest password accepted. */
  passwordMin: 10,
} as const;

const userName = z
  .string()
  .min(1, 'name is empty')
  .max(64, 'name is longer than 64 characters')
  .regex(/^[A-Za-z0-9][A-Za-z0-9._-]*$/, 'name may hold letters, digits, ".", "_" and "-" only, starting with a letter or digit');

export const RoleSchema = z.enum(ROLES);
export const UserNameSchema = userName;

export const AddUserBodySchema = z.strictObject({ name: userName, role: RoleSchema });
export const CreateTokenBodySchema = z.strictObject({ name: nameSchema.optional() });

/** Live publishing: a run of events after the ones the server has (repeats are ignored by seq). */
export const AppendEventsBodySchema = z.strictObject({
  events: z.array(TrafficEventSchema).max(TEAM_LIMITS.appendEvents),
  /** The session ended: no more events will come. */
  done: z.boolean().optional(),
});
export type AppendEventsBody = z.infer<typeof AppendEventsBodySchema>;

export const CommentBodySchema = z.strictObject({
  seq: z.number().int().nonnegative(),
  text: z
    .string()
    .max(TEAM_LIMITS.commentChars, `a comment is at most ${TEAM_LIMITS.commentChars} characters`)
    .refine((s) => s.trim().length > 0, 'the comment is empty'),
});

/** A comment as the server lists it and the session file carries it (one shape, lib/session). */
export type TeamComment = SessionComment;

/** Push a collection: `version` is the one the pusher last pulled (0 for a new collection). */
export const PutCollectionBodySchema = z.strictObject({
  version: z.number().int().nonnegative(),
  body: z.unknown(),
});

const variable = z
  .strictObject({
    name: z.string().min(1).max(LIMITS.envNameChars),
    secret: z.boolean(),
    value: z.string().max(TEAM_LIMITS.variableValueChars).optional(),
  })
  .refine((v) => !(v.secret && v.value !== undefined), {
    message: 'a secret variable is shared without its value (secret values never leave the machine they were typed on)',
    path: ['value'],
  });
export type TemplateVariable = z.infer<typeof variable>;

/** An environment as a template: names and non-secret values only. */
export const PutEnvironmentBodySchema = z.strictObject({
  version: z.number().int().nonnegative(),
  variables: z.array(variable).max(TEAM_LIMITS.variables),
});

export const PasswordSchema = z
  .string()
  .min(TEAM_LIMITS.passwordMin, `a password has at least ${TEAM_LIMITS.passwordMin} characters`)
  .max(TEAM_LIMITS.passwordChars);

/** What the server says about a published session. */
export interface PublishedSummary {
  id: string;
  name: string;
  startedAt: string;
  publishedAt: string;
  publishedBy: string;
  /** Still receiving events (published live and not yet done). */
  live: boolean;
  lastSeq: number;
  events: number;
  bytes: number;
}

export interface PublishAnswer {
  id: string;
  url: string;
  lastSeq: number;
}

export interface SharedDoc<T> {
  name: string;
  version: number;
  updatedBy: string;
  updatedAt: string;
  body: T;
}

/** What the live stream (`GET /api/sessions/:id/live`, server-sent events) carries. */
export type LiveMessage =
  | { type: 'events'; events: unknown[] }
  | { type: 'comment'; comment: TeamComment }
  | { type: 'done' };

/** The page a published session lives at, relative to the team server's URL. */
export const publishedPath = (id: string) => `/t/${encodeURIComponent(id)}`;
