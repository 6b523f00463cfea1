export type { ErrorCatalog, ErrorCodeInfo, ErrorContext } from './types';
export { describeError } from './describe';
export {
  codeBand,
  PREDEFINED_ERRORS,
  RESERVED_MAX,
  RESERVED_MIN,
  SERVER_ERROR_MAX,
  SERVER_ERROR_MIN,
  standardCatalog,
  type CodeBand,
} from './standard';
