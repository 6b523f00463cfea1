export type {
  Classified,
  ClassifiedItem,
  CorrelationResult,
  CorrelatorOptions,
  MessageRole,
  ObservedMessage,
  PendingRequest,
  RawErrorObject,
} from './types';
export { classify, type ClassifyOptions } from './classify';
export { Correlator } from './correlator';
export type { LaterFinding } from './correlator-state';
export { recognizeDap } from './dap';
export { canonicalNumber, extractIdTokens, formatId, idKey, isSpecId, NULL_ID_KEY, sameId } from './ids';
export { describeValue } from './rules/envelope';
export { finding, RULE_LIST, RULES, type RuleDef } from './rules/table';
