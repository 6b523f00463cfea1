export * from './types';
export { buildCollectionFile, serializeCollectionFile, type BuildCollectionOptions, type SecretRef } from './file-format';
export { parseCollectionFile, validateCollectionFile } from './parse';
export { openRpcToCollection, type OpenRpcImport } from './openrpc';
export { itemMessageText } from './run';
