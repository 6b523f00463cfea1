/** Dialect profiles (LSP, MCP, Ethereum, DAP, A2A, plain JSON-RPC), detection and lifecycle checks. */
export * from './types';
export { baseProfile } from './base';
export { lspProfile, lspCatalog } from './lsp';
export { mcpProfile, mcpCatalog, decodeMcpError, MCP_PROTOCOL_VERSIONS } from './mcp';
export { ethereumProfile, ETHEREUM_METHOD_NAMES, ethereumCatalog, decodeEthereumError } from './ethereum';
export { decodeRevertData, PROVIDER_CODES, type RevertInfo } from './ethereum-errors';
export { dapProfile, describeDapFailure, type DapFailure } from './dap';
export { createDialectDetector, detectDialect, type Detection, type DetectInput, type DialectDetector } from './detect';
export { DIALECT_IDS, DEFAULT_DIALECT, isDialectId, getProfile, listProfiles, findMethod, dialectCatalogs, dialectLabel, errorSourceLabel } from './registry';
export { makeCatalog, type FixedCatalog, type ReservedRange } from './catalog';
export { describeInDialect, dialectDescriber, type DialectDescribeOptions } from './describe';
