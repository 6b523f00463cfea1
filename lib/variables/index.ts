export {
  MAX_SUBSTITUTE_CHARS,
  VARIABLE_NAME,
  referencedNames,
  substitute,
  substituteJsonText,
  toVariableMap,
  type Substituted,
  type VariableLike,
  type VariableSource,
} from './substitute';
export {
  describeUnknown,
  substituteMessage,
  substituteTarget,
  type TargetSubstituted,
  type UnknownVariable,
} from './target';
export { MIN_SECRET_SEARCH_CHARS, SECRET_MASK, maskSecretsIn, maskVariables, mergeMaskedVariables, type MaskedVariable } from './mask';
export {
  ENVIRONMENT_FILE_FORMAT,
  ENVIRONMENT_FILE_VERSION,
  buildEnvironmentFile,
  describeNeedsValue,
  needsValue,
  parseEnvironmentFile,
  type EnvironmentFileParse,
  type EnvironmentFileV1,
  type ImportedVariable,
} from './env-file';
