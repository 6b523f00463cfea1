export {
  CONTENT_LENGTH_KIND,
  REDACTED,
  REDACTION_KINDS,
  TOKEN_RULES,
  isCredentialHeader,
  isSecretName,
  type RedactionKind,
} from './rules';
export { MAX_JSON_PATHS, MAX_JSON_PATH_CHARS, parseJsonPath, parseJsonPaths, type JsonPath } from './json-path';
export { redactSessionFile, type Redacted, type RedactionHit, type RedactionOptions, type RedactionReport } from './redact';
export { parseRedactionRequest, type RedactionRequest } from './request';
export { keepContentLengthConsistent, splitHeaderBlock } from './wire';
