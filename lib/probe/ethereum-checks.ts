/**
 * Ethereum's own checks (EIP-1474): quantities encoded as the EIP says, and errors carrying its
 * codes. Only read-only methods are sent (eth_chainId, eth_getBalance of a malformed address).
 */
import { ethereumCatalog } from '../dialects/ethereum';
import { didText, errorCode, fail, idKeyOf, pass, singleEntry } from './judge';
import { UNKNOWN_METHOD, requestText } from './messages';
import type { Judgement, ProbeCheck, ProbeExchange } from './types';

const EIP1474 = 'EIP-1474';
/** "0x", then no leading zeros (0x0 for zero), lower or upper case hex. */
const QUANTITY = /^0x(0|[1-9a-fA-F][0-9a-fA-F]*)$/;

/** An error whose code EIP-1474 lists (the standard codes included), answering `id`. */
function expectEipError(ex: ProbeExchange, id: string, preferred: readonly number[]): Judgement {
  const did = didText(ex);
  const one = singleEntry(ex);
  if ('problem' in one || one.entry.idKey !== id) return fail(did);
  if (one.entry.kind !== 'error') return fail(`${did} (no error for a request that cannot succeed)`);
  const code = errorCode(one.entry);
  if (code !== undefined && preferred.includes(code)) return pass(did);
  const listed = ethereumCatalog.entries.some((e) => e.code === code);
  return fail(`${did} (code ${code ?? 'missing'}${listed ? ' is an EIP-1474 code, but not one for this' : ' is not an EIP-1474 code'}; expected ${preferred.join(' or ')})`);
}

export const ETHEREUM_AFTER: readonly ProbeCheck[] = [
  {
    id: 'ethereum/quantity-encoding',
    title: 'eth_chainId answers a quantity as compact 0x-prefixed hex',
    level: 'MUST',
    group: 'dialect',
    spec: `A Quantity value MUST be hex-encoded, MUST be "0x"-prefixed, and MUST be expressed using the fewest possible hex digits per byte. (${EIP1474}, Value encoding)`,
    sends: () => [requestText('eth_chainId', '"probe-chain-id"', [])],
    judge: (ex) => {
      const did = didText(ex);
      const one = singleEntry(ex);
      if ('problem' in one || one.entry.idKey !== idKeyOf('probe-chain-id') || one.entry.kind !== 'response') return fail(did);
      const r = one.entry.result;
      return typeof r === 'string' && QUANTITY.test(r) ? pass(did) : fail(`${did} (not a compact 0x quantity)`);
    },
  },
  {
    id: 'ethereum/invalid-params-code',
    title: 'eth_getBalance of a malformed address is refused with -32602 or -32000',
    level: 'SHOULD',
    group: 'dialect',
    spec: `-32602 Invalid params; -32000 Invalid input: Missing or invalid parameters. (${EIP1474}, Error codes)`,
    sends: () => [requestText('eth_getBalance', '"probe-bad-address"', ['0xnot-an-address', 'latest'])],
    judge: (ex) => expectEipError(ex, idKeyOf('probe-bad-address'), [-32602, -32000]),
  },
  {
    id: 'ethereum/unknown-method-code',
    title: 'an unknown method is refused with -32601 or -32004',
    level: 'SHOULD',
    group: 'dialect',
    spec: `-32601 Method not found; -32004 Method not supported: Method is not implemented. (${EIP1474}, Error codes)`,
    sends: () => [requestText(UNKNOWN_METHOD, '"probe-eth-unknown"')],
    judge: (ex) => expectEipError(ex, idKeyOf('probe-eth-unknown'), [-32601, -32004]),
  },
];
