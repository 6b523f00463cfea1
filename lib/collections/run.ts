/**
 * The text an item sends: `{ "text": "…" }` exactly as written (the builder keeps the user's bytes),
 * any other JSON value (a message object, a batch array) as compact JSON.
 */
export function itemMessageText(payload: unknown): string {
  if (typeof payload === 'object' && payload !== null && !Array.isArray(payload)) {
    const text = (payload as { text?: unknown }).text;
    if (typeof text === 'string') return text;
  }
  return JSON.stringify(payload) ?? 'null';
}
