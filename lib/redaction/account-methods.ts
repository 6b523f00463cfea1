/**
 * Account methods whose positional params carry a passphrase or a private key (geth's `personal_*`
 * namespace and its clones). They are found by method name, whatever dialect the session was
 * detected as: a passphrase sent to the wrong server is still a passphrase. Key-carrying members
 * inside transaction objects (`privateKey`, `passphrase` in eth_signTransaction, eth_sendTransaction
 * …) are secret-named members and covered by rules.ts.
 */
import { arrayElements, objectMembers, rootSpan, type Span } from '../builder/json-text';

export interface AccountSecretParam {
  /** Index into `params` (an array). */
  index: number;
  /** What the preview calls it: `passphrase`, `private key`. */
  what: string;
}

/** Method → the params that are secrets. */
export const ACCOUNT_SECRET_PARAMS: Readonly<Record<string, readonly AccountSecretParam[]>> = {
  personal_unlockAccount: [{ index: 1, what: 'passphrase' }],
  personal_importRawKey: [{ index: 0, what: 'private key' }, { index: 1, what: 'passphrase' }],
  personal_newAccount: [{ index: 0, what: 'passphrase' }],
  personal_sign: [{ index: 2, what: 'passphrase' }],
  personal_sendTransaction: [{ index: 1, what: 'passphrase' }],
  personal_signTransaction: [{ index: 1, what: 'passphrase' }],
  personal_signTypedData: [{ index: 2, what: 'passphrase' }],
  personal_openWallet: [{ index: 1, what: 'passphrase' }],
};

/** Cheap test of a JSON text: could it call one of these methods at all? */
export const MAY_CALL_ACCOUNT_METHOD = /"personal_[A-Za-z]+"/;

export interface AccountSecretSpan extends Span {
  /** `personal_unlockAccount passphrase` */
  label: string;
}

/**
 * Spans of secret params (string values only: a passphrase is text) in a valid JSON text that is
 * a request or a batch of requests.
 */
export function accountSecretSpans(text: string): AccountSecretSpan[] {
  const root = rootSpan(text);
  if (!root) return [];
  const messages = text[root.start] === '[' ? arrayElements(text, root) : [root];
  const out: AccountSecretSpan[] = [];
  for (const msg of messages) {
    if (text[msg.start] !== '{') continue;
    const members = objectMembers(text, msg);
    const methodSpan = members.find((m) => m.key === 'method')?.value;
    const params = members.find((m) => m.key === 'params')?.value;
    if (!methodSpan || !params || text[params.start] !== '[' || text[methodSpan.start] !== '"') continue;
    let method: string;
    try {
      method = JSON.parse(text.slice(methodSpan.start, methodSpan.end)) as string;
    } catch {
      continue;
    }
    const secret = Object.prototype.hasOwnProperty.call(ACCOUNT_SECRET_PARAMS, method) ? ACCOUNT_SECRET_PARAMS[method] : undefined;
    if (!secret?.length) continue;
    const elements = arrayElements(text, params);
    for (const p of secret) {
      const el = elements[p.index];
      if (el && text[el.start] === '"') out.push({ ...el, label: `${method} ${p.what}` });
    }
  }
  return out;
}
