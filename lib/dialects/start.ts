/**
 * "Start the session for me": what a dialect needs so rpcscope can open a conversation the way a
 * real client would — the handshake it sends (each request waits for its answer before the next
 * step) and the routine requests from the server it can answer by itself (auto-reply rules the user
 * can edit or turn off). A dialect without a `start` has no one-step start. Pure data: the page runs
 * it (components/targets/start-session.ts), the server's auto-reply applies the answers.
 */
import type { TemplateStep } from './types';

/** What an answer's text box edits, and how its text becomes the rule's value. */
export interface AnswerInput {
  label: string;
  /** The box's text at first (the value `initial` would be written as). */
  initialText: string;
  /** The rule's value, or what is wrong with the text. */
  toValue(text: string): { ok: true; value: unknown } | { ok: false; error: string };
}

/** A request the server sends as a matter of course, answered without asking the user. */
export interface RoutineAnswer {
  method: string;
  /** What the automatic answer says, for its checkbox. */
  label: string;
  /** The rule's value when its text is left as it is. */
  initial: unknown;
  /** Editable before connecting; without it the value is fixed (still editable later as an auto-reply). */
  input?: AnswerInput;
  /**
   * The result for one request from the rule's value, when it depends on what was asked
   * (`workspace/configuration` wants one value per item). Without it the value is the result.
   */
  shape?(value: unknown, params: unknown): unknown;
}

export interface DialectStart {
  /** What the one-step start does, in one line. */
  summary: string;
  /** Sent in order; a request step waits for its answer (an error answer stops the start). */
  handshake: readonly TemplateStep[];
  answers: readonly RoutineAnswer[];
}

/** A JSON text box: the value is the parsed text. */
export function jsonInput(label: string, initial: unknown): AnswerInput {
  return {
    label,
    initialText: JSON.stringify(initial),
    toValue(text) {
      try {
        return { ok: true, value: JSON.parse(text) as unknown };
      } catch (e) {
        return { ok: false, error: `${label}: not JSON (${e instanceof Error ? e.message : String(e)})` };
      }
    },
  };
}
