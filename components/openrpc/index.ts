export { OpenRpcSection } from './OpenRpcSection';
export { ParamsAssist, useParamsIssues, type ParamsAssistProps } from './ParamsAssist';
export { METHOD_SOURCE_ID, useOpenRpcMethod, useOpenRpcMethodSource, useOpenRpcParamsCompletion, useOpenRpcSession } from './hooks';
export { useOpenRpc, type Listing, type ListedDocument, type LoadBody } from './store';
