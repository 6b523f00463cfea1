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

/** What the user chose in the connect form: each routine answer on or off, and the text of those with a box. */
export interface StartChoice {
  off: readonly string[];
  texts: Readonly<Record<string, string>>;
}

export interface StartPlan {
  /** Auto-reply rules to set before the first message: method → value. */
  rules: Record<string, unknown>;
  handshake: readonly TemplateStep[];
}

/** The rules and handshake for a start, or the first text box whose text is wrong (checked before connecting). */
export function planStart(start: DialectStart, choice: StartChoice): { ok: true; plan: StartPlan } | { ok: false; error: string } {
  const rules: Record<string, unknown> = {};
  for (const answer of start.answers) {
    if (choice.off.includes(answer.method)) continue;
    const text = choice.texts[answer.method];
    if (answer.input && text !== undefined) {
      const v = answer.input.toValue(text);
      if (!v.ok) return v;
      rules[answer.method] = v.value;
    } else {
      rules[answer.method] = answer.initial;
    }
  }
  return { ok: true, plan: { rules, handshake: start.handshake } };
}
