/**
 * Ethereum execution-client JSON-RPC (eth_*, net_*, web3_*): EIP-1474 codes, node error groups,
 * EIP-1193 provider codes, methods and example calls. No cancellation and no lifecycle.
 */
import { noLifecycle } from './base';
import { makeCatalog } from './catalog';
import { ETHEREUM_ERROR_TABLE, decodeEthereumErrorIn } from './ethereum-errors';
import type { RawErrorObject } from '../jsonrpc/types';
import { renderJsonRpc } from './messages';
import type { DialectMarkers, DialectProfile, MethodInfo } from './types';

type Row = readonly [name: string, summary: string];

const calls: Row[] = [
  ['web3_clientVersion', 'Client name and version.'],
  ['web3_sha3', 'Keccak-256 of the given data.'],
  ['net_version', 'Network id (decimal string).'],
  ['net_listening', 'Whether the node listens for peers.'],
  ['net_peerCount', 'Number of connected peers.'],
  ['eth_protocolVersion', 'Ethereum protocol version.'],
  ['eth_syncing', 'Sync status, or false.'],
  ['eth_chainId', 'Chain id (EIP-695), hex.'],
  ['eth_coinbase', 'Coinbase address.'],
  ['eth_mining', 'Whether the node is mining (pre-merge).'],
  ['eth_hashrate', 'Hash rate (pre-merge).'],
  ['eth_gasPrice', 'Current gas price in wei, hex.'],
  ['eth_maxPriorityFeePerGas', 'Suggested priority fee (EIP-1559).'],
  ['eth_feeHistory', 'Base fees and reward percentiles of recent blocks.'],
  ['eth_blobBaseFee', 'Current blob base fee (EIP-4844).'],
  ['eth_accounts', 'Addresses the node (or wallet) controls.'],
  ['eth_requestAccounts', 'Ask the wallet for accounts (EIP-1102, provider level).'],
  ['eth_blockNumber', 'Latest block number, hex.'],
  ['eth_getBalance', 'Balance of an address at a block.'],
  ['eth_getStorageAt', 'Storage slot of a contract at a block.'],
  ['eth_getTransactionCount', 'Nonce of an address at a block.'],
  ['eth_getBlockTransactionCountByHash', 'Transaction count of a block by hash.'],
  ['eth_getBlockTransactionCountByNumber', 'Transaction count of a block by number.'],
  ['eth_getUncleCountByBlockHash', 'Uncle count of a block by hash.'],
  ['eth_getUncleCountByBlockNumber', 'Uncle count of a block by number.'],
  ['eth_getCode', 'Contract code at an address.'],
  ['eth_sign', 'Sign data with an account (wallet / unlocked node).'],
  ['eth_signTransaction', 'Sign a transaction without sending it.'],
  ['eth_sendTransaction', 'Sign and send a transaction (wallet / unlocked node).'],
  ['eth_sendRawTransaction', 'Send a signed transaction; returns its hash.'],
  ['eth_call', 'Execute a call without creating a transaction.'],
  ['eth_estimateGas', 'Estimate the gas a transaction needs.'],
  ['eth_createAccessList', 'Access list a transaction would use (EIP-2930).'],
  ['eth_getBlockByHash', 'Block by hash (full transactions or hashes).'],
  ['eth_getBlockByNumber', 'Block by number or tag (latest, safe, finalized …).'],
  ['eth_getBlockReceipts', 'All receipts of a block.'],
  ['eth_getTransactionByHash', 'Transaction by hash.'],
  ['eth_getTransactionByBlockHashAndIndex', 'Transaction by block hash and index.'],
  ['eth_getTransactionByBlockNumberAndIndex', 'Transaction by block number and index.'],
  ['eth_getTransactionReceipt', 'Receipt of a mined transaction, or null.'],
  ['eth_getUncleByBlockHashAndIndex', 'Uncle by block hash and index.'],
  ['eth_getUncleByBlockNumberAndIndex', 'Uncle by block number and index.'],
  ['eth_newFilter', 'Create a log filter; returns its id.'],
  ['eth_newBlockFilter', 'Create a new-block filter.'],
  ['eth_newPendingTransactionFilter', 'Create a pending-transaction filter.'],
  ['eth_uninstallFilter', 'Remove a filter.'],
  ['eth_getFilterChanges', 'Poll a filter for changes since the last poll.'],
  ['eth_getFilterLogs', 'All logs matching a filter.'],
  ['eth_getLogs', 'Logs matching a filter object.'],
  ['eth_getProof', 'Account and storage proof (EIP-1186).'],
  ['eth_subscribe', 'Subscribe (WebSocket): newHeads, logs, newPendingTransactions, syncing.'],
  ['eth_unsubscribe', 'Cancel a subscription.'],
  ['wallet_switchEthereumChain', 'Ask the wallet to switch chains (EIP-3326, provider level).'],
  ['wallet_addEthereumChain', 'Ask the wallet to add a chain (EIP-3085, provider level).'],
];

export const ethereumMethods: readonly MethodInfo[] = [
  ...calls.map(([name, summary]): MethodInfo => ({ name, direction: 'client→server', kind: 'request', summary })),
  { name: 'eth_subscription', direction: 'server→client', kind: 'notification', summary: 'A subscription event: { subscription, result }.' },
];

/** The well-known names; detection treats any of them as an Ethereum marker. */
export const ETHEREUM_METHOD_NAMES: ReadonlySet<string> = new Set(ethereumMethods.map((m) => m.name));

const ZERO_ADDRESS = '0x0000000000000000000000000000000000000000';

const ETH_SHAPE = /^(eth|net|web3)_[A-Za-z][A-Za-z0-9]*$/;

/** A well-known eth_ / net_ / web3_ method decides Ethereum; unknown ones of that shape count in twos. */
const ethereumMarkers: DialectMarkers = {
  onlyMethods: ETHEREUM_METHOD_NAMES,
  createRecognizer() {
    const unknownNames = new Set<string>();
    return ({ entries }) => {
      for (const e of entries) {
        if ((e.kind !== 'request' && e.kind !== 'notification') || e.method === undefined) continue;
        if (ETHEREUM_METHOD_NAMES.has(e.method) || !ETH_SHAPE.test(e.method)) continue;
        unknownNames.add(e.method);
        if (unknownNames.size >= 2) return `methods ${[...unknownNames].join(', ')} have the Ethereum eth_/net_/web3_ shape`;
      }
      return undefined;
    };
  },
};

export const ethereumCatalog = makeCatalog('ethereum', 'Ethereum JSON-RPC', ETHEREUM_ERROR_TABLE);

/** Decode an Ethereum error by this dialect's catalog (how: decodeEthereumErrorIn, ethereum-errors.ts). */
export const decodeEthereumError = (error: RawErrorObject) => decodeEthereumErrorIn(ethereumCatalog, error);

export const ethereumProfile: DialectProfile<'ethereum'> = {
  id: 'ethereum',
  title: 'Ethereum JSON-RPC',
  label: 'Ethereum',
  summary: 'Execution-client API (eth_*, net_*, web3_*) over HTTP or WebSocket.',
  specUrl: 'https://ethereum.github.io/execution-apis/',
  wire: 'jsonrpc',
  // Nodes speak it over HTTP and WebSocket (an IPC socket carries one JSON value after another).
  framing: null,
  errors: ethereumCatalog,
  decodeError: decodeEthereumError,
  // Nodes report many errors as -32000 and tell them apart by message ("nonce too low").
  errorsByMessage: true,
  markers: ethereumMarkers,
  methods: ethereumMethods,
  cancel: () => ({ ok: false, reason: 'Ethereum JSON-RPC defines no way to cancel a request (eth_unsubscribe only ends subscriptions).' }),
  progress: { methods: [], howTo: 'Ethereum JSON-RPC has no progress messages; eth_subscribe streams events as eth_subscription.' },
  streamingMethods: new Set(),
  templates: [
    {
      id: 'eth-chain',
      title: 'Chain basics',
      summary: 'eth_chainId, eth_blockNumber and web3_clientVersion.',
      steps: [
        { kind: 'request', method: 'eth_chainId', params: [], expect: 'result: "0x1" (hex chain id)' },
        { kind: 'request', method: 'eth_blockNumber', params: [], expect: 'result: hex block number' },
        { kind: 'request', method: 'web3_clientVersion', params: [], expect: 'result: e.g. "Geth/v1.14…"' },
      ],
    },
    {
      id: 'eth-balance',
      title: 'Balance of an address',
      summary: 'eth_getBalance at the latest block.',
      steps: [{ kind: 'request', method: 'eth_getBalance', params: [ZERO_ADDRESS, 'latest'], expect: 'result: hex wei' }],
    },
    {
      id: 'eth-call',
      title: 'Contract call',
      summary: 'eth_call with a to/data object at the latest block.',
      steps: [
        {
          kind: 'request',
          method: 'eth_call',
          params: [{ to: ZERO_ADDRESS, data: '0x' }, 'latest'],
          expect: 'result: hex return data, or error 3 "execution reverted" with revert data',
        },
      ],
    },
    {
      id: 'eth-subscribe',
      title: 'Subscribe to new heads (WebSocket)',
      summary: 'eth_subscribe newHeads; events arrive as eth_subscription.',
      steps: [{ kind: 'request', method: 'eth_subscribe', params: ['newHeads'], expect: 'result: subscription id' }],
    },
  ],
  render: (step, options) => renderJsonRpc(step, options?.id),
  createLifecycleChecker: noLifecycle,
};
