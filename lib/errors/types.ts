/**
 * The seam for error decoding. The standard JSON-RPC catalog is one ErrorCatalog; dialect
 * profiles (LSP, MCP, Ethereum) and OpenRPC documents supply more. `describeError` asks them in
 * precedence order (OpenRPC method errors, then the session's dialect, then the standard catalog)
 * and always reports which one answered as `source`.
 */
export interface ErrorCodeInfo {
  code: number;
  name: string;
  meaning: string;
  /** Where it is defined, e.g. "JSON-RPC 2.0 §5.1", "LSP 3.17 ErrorCodes", "EIP-1474". */
  definedIn?: string;
}

export interface ErrorCatalog {
  /** Short source id shown to users: jsonrpc | lsp | mcp | ethereum | openrpc … */
  source: string;
  /** Human title, e.g. "Language Server Protocol". */
  title: string;
  lookup(code: number, ctx?: ErrorContext): ErrorCodeInfo | undefined;
}

export interface ErrorContext {
  /** Method of the request this error answers, when known (OpenRPC errors are per method). */
  method?: string;
  /** Catalogs to consult before the standard one, in precedence order. */
  catalogs?: ErrorCatalog[];
}
