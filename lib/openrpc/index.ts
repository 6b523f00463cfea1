export type {
  DocumentSource,
  DocumentSummary,
  ErrorInfo,
  ExamplePairing,
  ExampleValue,
  JsonSchema,
  MethodInfo,
  ParamInfo,
  ParamStructure,
  Problem,
  ResultInfo,
} from './types';
export { MAX_DOCUMENT_BYTES, OpenRpcDocument, parseDocumentText, type ParsedText } from './document';
export { supportedVersions, validateAgainstMetaSchema } from './meta';
export { checkErrorData, checkParams, checkResult, type Issue } from './params';
export { generatedExample, paramsExamples, type ParamsExample } from './examples';
export { sampleFromSchema } from './sample';
export { OpenRpcSet, type MethodEntry, type MethodListItem } from './set';
export { openRpcCatalog } from './catalog';
export { createOpenRpcCheck, OPENRPC_RULES, schemaWords, signature } from './check';
export { targetKey } from './target-key';
export { looksLikeSchema } from './indexer';
export { cursorContext, type CursorContext } from './cursor';
export { keysAt, resolveSchema, schemaAt, valuesAt, type KeyOption } from './schema-at';
