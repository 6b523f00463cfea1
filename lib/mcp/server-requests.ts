/**
 * Requests an MCP server sends its client, answered from a form: `sampling/createMessage` (the user
 * writes the model's reply) and `elicitation/create` (a form from `requestedSchema`, or a URL to open).
 * Reading is bounded and never trusts a member's type; answers are the spec's result shapes.
 */
import { isRecord } from '../dialects/messages';
import { readContent, type ContentBlock } from './content';
import { schemaToForm, type FormNode } from './schema-form';

export const SERVER_REQUEST_METHODS = ['sampling/createMessage', 'elicitation/create'] as const;
export type ServerRequestMethod = (typeof SERVER_REQUEST_METHODS)[number];

export function isServerRequestMethod(m: string | undefined): m is ServerRequestMethod {
  return (SERVER_REQUEST_METHODS as readonly string[]).includes(m ?? '');
}

export interface SamplingView {
  messages: { role: string; block: ContentBlock }[];
  systemPrompt?: string;
  maxTokens?: number;
}

export function readSampling(params: unknown): SamplingView {
  const p = isRecord(params) ? params : {};
  const messages = Array.isArray(p.messages) ? p.messages.slice(0, 100) : [];
  return {
    messages: messages.map((m) => ({
      role: isRecord(m) && typeof m.role === 'string' ? m.role.slice(0, 40) : '?',
      block: readContent([isRecord(m) ? m.content : m])[0] ?? { type: 'other', json: '' },
    })),
    ...(typeof p.systemPrompt === 'string' ? { systemPrompt: p.systemPrompt.slice(0, 20_000) } : {}),
    ...(typeof p.maxTokens === 'number' ? { maxTokens: p.maxTokens } : {}),
  };
}

/** A CreateMessageResult: the reply the user wrote, as the assistant. */
export function samplingResult(text: string, model: string): unknown {
  return { role: 'assistant', content: { type: 'text', text }, model: model.trim() || 'rpcscope-user', stopReason: 'endTurn' };
}

export type ElicitationView =
  | { mode: 'form'; message: string; form: FormNode }
  | { mode: 'url'; message: string; url: string };

export function readElicitation(params: unknown): ElicitationView {
  const p = isRecord(params) ? params : {};
  const message = typeof p.message === 'string' ? p.message.slice(0, 20_000) : '';
  if (p.mode === 'url' && typeof p.url === 'string') return { mode: 'url', message, url: p.url.slice(0, 4000) };
  return { mode: 'form', message, form: schemaToForm(p.requestedSchema) };
}

export type ElicitAction = 'accept' | 'decline' | 'cancel';

/** An ElicitResult; content only with accept (and only in form mode). */
export function elicitationResult(action: ElicitAction, content?: unknown): unknown {
  return action === 'accept' && content !== undefined ? { action, content } : { action };
}
