/**
 * Ethereum error decoding: the EIP-1474 table, EIP-1193 provider codes, the node messages that
 * travel under generic codes (-32000, -32603 …), and revert data (`Error(string)`, `Panic(uint256)`).
 * The dialect's file (ethereum.ts) makes the catalog from this table under its own id.
 */
import type { ErrorCodeInfo } from '../errors/types';
import type { RawErrorObject } from '../jsonrpc/types';
import { numericCode, standardCodes, type FixedCatalog } from './catalog';
import { isRecord } from './messages';
import type { DialectErrorInfo } from './types';

const EIP1474 = 'EIP-1474 (Remote procedure call specification)';
const EIP1193 = 'EIP-1193 (Ethereum Provider JavaScript API) — provider/wallet level, not from the node';

/** Provider-level codes: a wallet or injected provider produced them, not the node. */
export const PROVIDER_CODES: ReadonlySet<number> = new Set([4001, 4100, 4200, 4900, 4901, 4902]);

/** The codes Ethereum nodes and providers answer with, in table order. */
export const ETHEREUM_ERROR_TABLE: readonly ErrorCodeInfo[] = [
  ...standardCodes(`JSON-RPC 2.0 §5.1, restated in ${EIP1474}`),
  { code: -32000, name: 'Invalid input', meaning: 'Missing or invalid parameters. Nodes also use -32000 for most transaction and state errors (see the message).', definedIn: EIP1474 },
  { code: -32001, name: 'Resource not found', meaning: 'Requested resource not found (e.g. an unknown block or filter).', definedIn: EIP1474 },
  { code: -32002, name: 'Resource unavailable', meaning: 'Requested resource not available (e.g. state not yet synced or pruned).', definedIn: EIP1474 },
  { code: -32003, name: 'Transaction rejected', meaning: 'Transaction creation failed.', definedIn: EIP1474 },
  { code: -32004, name: 'Method not supported', meaning: 'Method is not implemented.', definedIn: EIP1474 },
  { code: -32005, name: 'Limit exceeded', meaning: 'Request exceeds a defined limit (providers use it for rate limits and result-size caps).', definedIn: EIP1474 },
  { code: -32006, name: 'JSON-RPC version not supported', meaning: 'Version of JSON-RPC protocol is not supported.', definedIn: EIP1474 },
  {
    code: 3,
    name: 'Execution reverted',
    meaning: 'The call or gas estimation reverted; error.data holds the revert data (ABI-encoded reason or custom error).',
    definedIn: 'go-ethereum (and compatible nodes) eth_call / eth_estimateGas revert error',
  },
  { code: 4001, name: 'User Rejected Request', meaning: 'The user rejected the request.', definedIn: EIP1193 },
  { code: 4100, name: 'Unauthorized', meaning: 'The requested method and/or account has not been authorized by the user.', definedIn: EIP1193 },
  { code: 4200, name: 'Unsupported Method', meaning: 'The provider does not support the requested method.', definedIn: EIP1193 },
  { code: 4900, name: 'Disconnected', meaning: 'The provider is disconnected from all chains.', definedIn: EIP1193 },
  { code: 4901, name: 'Chain Disconnected', meaning: 'The provider is not connected to the requested chain.', definedIn: EIP1193 },
  {
    code: 4902,
    name: 'Unrecognized chain ID',
    meaning: 'wallet_switchEthereumChain named a chain the wallet does not know; add it with wallet_addEthereumChain first.',
    definedIn: 'Wallet convention (MetaMask) for EIP-3326 wallet_switchEthereumChain — provider level',
  },
];

const GETH_CORE = 'go-ethereum core / txpool errors (same text in most clients)';

/** Node messages under generic codes, most specific first. */
const NODE_MESSAGES: ReadonlyArray<{ pattern: RegExp; name: string; meaning: string; definedIn?: string }> = [
  { pattern: /execution reverted|vm exception while processing transaction|reverted with (reason|custom error|panic)/i, name: 'Execution reverted', meaning: 'The EVM reverted the call; error.data may hold the revert reason.', definedIn: 'go-ethereum / Hardhat / Ganache revert messages' },
  { pattern: /nonce too low/i, name: 'Nonce too low', meaning: 'The sender already used this nonce (a transaction with it is mined).' },
  { pattern: /nonce too high/i, name: 'Nonce too high', meaning: 'The nonce is ahead of the sender’s next nonce.' },
  { pattern: /nonce has max value/i, name: 'Nonce at maximum', meaning: 'The sender’s nonce cannot be incremented further.' },
  { pattern: /replacement transaction underpriced/i, name: 'Replacement underpriced', meaning: 'A pending transaction with this nonce exists; a replacement must raise the fees enough (usually ≥ 10%).' },
  { pattern: /already known|known transaction/i, name: 'Already known', meaning: 'This exact transaction is already in the pool.' },
  { pattern: /transaction underpriced/i, name: 'Transaction underpriced', meaning: 'The gas price / tip is below the pool’s minimum.' },
  { pattern: /insufficient funds/i, name: 'Insufficient funds', meaning: 'The sender cannot pay gas × price + value.' },
  { pattern: /intrinsic gas too low/i, name: 'Intrinsic gas too low', meaning: 'The gas limit is below the transaction’s intrinsic cost.' },
  { pattern: /exceeds block gas limit|gas limit reached/i, name: 'Gas limit exceeded', meaning: 'The transaction’s gas limit exceeds the block gas limit.' },
  { pattern: /max fee per gas less than block base fee/i, name: 'Fee cap below base fee', meaning: 'maxFeePerGas is lower than the current block’s base fee.' },
  { pattern: /max priority fee per gas higher than max fee per gas/i, name: 'Tip above fee cap', meaning: 'maxPriorityFeePerGas is higher than maxFeePerGas.' },
  { pattern: /tx fee .* exceeds the configured cap/i, name: 'Fee cap exceeded', meaning: 'The transaction fee exceeds the node’s RPC fee cap (--rpc.txfeecap).', definedIn: 'go-ethereum RPC API' },
  { pattern: /only replay-protected \(eip-155\) transactions allowed/i, name: 'Replay protection required', meaning: 'The node refuses transactions without an EIP-155 chain id.', definedIn: 'go-ethereum RPC API' },
  { pattern: /transaction type not supported/i, name: 'Transaction type not supported', meaning: 'The chain or node does not accept this transaction type.' },
  { pattern: /invalid sender/i, name: 'Invalid sender', meaning: 'The signature does not recover to a valid sender.' },
  { pattern: /oversized data/i, name: 'Oversized data', meaning: 'The transaction data exceeds the pool’s size limit.' },
  { pattern: /txpool is full|transaction pool is full/i, name: 'Transaction pool full', meaning: 'The node’s pool has no room for the transaction.' },
  { pattern: /future transaction tries to replace pending/i, name: 'Future replaces pending', meaning: 'A gapped-nonce transaction tried to replace a pending one.' },
  { pattern: /header not found|unknown block/i, name: 'Block not found', meaning: 'The node does not have the requested block (not yet synced, or pruned).', definedIn: 'go-ethereum RPC API' },
  { pattern: /missing trie node/i, name: 'State not available', meaning: 'The node pruned the state at that block; ask an archive node.', definedIn: 'go-ethereum state access' },
  { pattern: /filter not found/i, name: 'Filter not found', meaning: 'The filter id is unknown or expired (filters time out when not polled).', definedIn: 'go-ethereum filter API' },
  { pattern: /rate limit|too many requests|request rate limited|daily request count exceeded/i, name: 'Rate limited', meaning: 'The provider throttled the request; retry later or lower the request rate.', definedIn: 'hosted node providers (Infura, Alchemy …)' },
  { pattern: /query returned more than \d+ results|block range|response size exceeded|exceed maximum block range/i, name: 'Result too large', meaning: 'Narrow the eth_getLogs block range or filter.', definedIn: 'node / provider log query limits' },
];

/** Panic(uint256) codes of the Solidity compiler. */
const PANIC_CODES: Readonly<Record<number, string>> = {
  0x00: 'generic compiler panic',
  0x01: 'assert(false)',
  0x11: 'arithmetic overflow or underflow',
  0x12: 'division or modulo by zero',
  0x21: 'conversion to an invalid enum value',
  0x22: 'incorrectly encoded storage byte array',
  0x31: 'pop() on an empty array',
  0x32: 'array index out of bounds',
  0x41: 'too much memory allocated',
  0x51: 'call to a zero-initialised internal function',
};

const MAX_REVERT_HEX = 65_536;

export interface RevertInfo {
  kind: 'error-string' | 'panic' | 'custom' | 'empty';
  /** Human text: the reason string, the panic meaning, or the custom error's selector. */
  text: string;
  selector?: string;
}

/** Decode revert data (hex). Returns undefined when it is not hex or too long to be worth it. */
export function decodeRevertData(hex: string): RevertInfo | undefined {
  if (!/^0x[0-9a-fA-F]*$/.test(hex) || hex.length > MAX_REVERT_HEX || hex.length % 2 !== 0) return undefined;
  const body = hex.slice(2).toLowerCase();
  if (body.length === 0) return { kind: 'empty', text: 'reverted without data' };
  if (body.length < 8) return undefined;
  const selector = `0x${body.slice(0, 8)}`;
  const args = body.slice(8);
  if (selector === '0x08c379a0') {
    const reason = abiString(args);
    if (reason !== undefined) return { kind: 'error-string', text: reason, selector };
  }
  if (selector === '0x4e487b71' && args.length >= 64) {
    const code = parseInt(args.slice(0, 64), 16);
    const meaning = PANIC_CODES[code] ?? 'unknown panic code';
    return { kind: 'panic', text: `Panic(0x${code.toString(16).padStart(2, '0')}): ${meaning}`, selector };
  }
  return { kind: 'custom', text: `custom error with selector ${selector}`, selector };
}

/** An ABI-encoded dynamic `string` (offset word, length word, bytes). */
function abiString(args: string): string | undefined {
  if (args.length < 128) return undefined;
  const offset = parseInt(args.slice(0, 64), 16);
  if (!Number.isSafeInteger(offset) || offset * 2 + 64 > args.length) return undefined;
  const len = parseInt(args.slice(offset * 2, offset * 2 + 64), 16);
  const start = offset * 2 + 64;
  if (!Number.isSafeInteger(len) || start + len * 2 > args.length) return undefined;
  const bytes = args.slice(start, start + len * 2);
  try {
    // Percent-escaping every byte lets the ES built-in decode UTF-8 without TextDecoder.
    return decodeURIComponent(bytes.replace(/../g, '%$&'));
  } catch {
    return undefined;
  }
}

/** Revert data travels as error.data (geth), or nested inside it (other nodes and wallets). */
function findRevertHex(data: unknown, depth = 0): string | undefined {
  if (typeof data === 'string') return /^0x[0-9a-fA-F]*$/.test(data) ? data : undefined;
  if (!isRecord(data) || depth > 3) return undefined;
  for (const key of ['data', 'result', 'originalError', 'error']) {
    const hit = findRevertHex(data[key], depth + 1);
    if (hit !== undefined) return hit;
  }
  return undefined;
}

function withRevert(info: DialectErrorInfo, data: unknown): DialectErrorInfo {
  const hex = findRevertHex(data);
  const revert = hex !== undefined ? decodeRevertData(hex) : undefined;
  if (!revert) return info;
  return { ...info, detail: revert.kind === 'error-string' ? `revert reason: ${revert.text}` : revert.text };
}

/**
 * Decode an Ethereum error by `catalog` (the dialect's, made from the table above): revert data
 * first, then known node messages where the code is generic, then the code table. Provider codes
 * (EIP-1193) are flagged as such.
 */
export function decodeEthereumErrorIn(catalog: FixedCatalog, error: RawErrorObject): DialectErrorInfo | undefined {
  const code = numericCode(error);
  const message = typeof error.message === 'string' ? error.message.slice(0, 2000) : '';
  const byCode: ErrorCodeInfo | undefined = code !== undefined ? catalog.lookup(code) : undefined;

  if (code === 3) return withRevert({ ...(byCode as ErrorCodeInfo), source: catalog.source, matchedBy: 'code' }, error.data);
  if (code !== undefined && PROVIDER_CODES.has(code) && byCode) return { ...byCode, source: catalog.source, matchedBy: 'code', providerLevel: true };

  // The generic codes carry the real cause in the message.
  const generic = code === undefined || code === -32000 || code === -32603 || code === -32003 || code === -32005 || code === -32010 || code === -32015;
  if (generic && message) {
    const hit = NODE_MESSAGES.find((m) => m.pattern.test(message));
    if (hit) {
      const info: DialectErrorInfo = {
        code: code ?? 0,
        name: hit.name,
        meaning: hit.meaning,
        definedIn: hit.definedIn ?? GETH_CORE,
        source: catalog.source,
        matchedBy: 'message',
      };
      return hit.name === 'Execution reverted' ? withRevert(info, error.data) : info;
    }
  }
  return byCode ? { ...byCode, source: catalog.source, matchedBy: 'code' } : undefined;
}
