/**
 * Signing a page in, shared by the server (server/sign-in.ts) and the page
 * (components/stores/sign-in.ts). The URL rpcscope prints carries a one-time code under
 * `CODE_PARAM`; the page trades it once, by `POST SIGN_IN_PATH {code}`, for an httpOnly cookie,
 * and asks `GET SIGN_IN_PATH` whether it is signed in. Neither needs the token; both answer 200
 * with a `SignInReply` (a refusal is an answer, not a failed request).
 */
export const SIGN_IN_PATH = '/auth/session';
export const CODE_PARAM = 'code';
/** Codes are hex; the page refuses to send anything else. */
export const CODE_SHAPE = /^[0-9a-f]{32}$/;

/**
 * Why a page is not signed in. `used`: the code was traded already (by another tab or an earlier
 * load); `expired`: it is older than its lifetime; `unknown`: it is not one this start issued (the
 * server restarted); `none`: the page had no code and no valid cookie.
 */
export type SignInRefusal = 'used' | 'expired' | 'unknown' | 'none';

export type SignInReply =
  | { signedIn: true }
  /** Refused: the server's own terminal now shows a usable sign-in URL; `error` says so in words. */
  | { signedIn: false; reason: SignInRefusal; error: string };
