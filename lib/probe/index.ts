/** The conformance probe: checks as data (plans.ts lists them per dialect), judges and the report card. */
export type * from './types';
export { PROBE_PLANS, PROBE_DIALECTS, isProbeDialect, planChecks, type ProbePlan } from './plans';
export { resultOf, countResults, probeExitCode, reportText, reportJson, reportJunit } from './report';
export { detectProbeDialect } from './detect';
