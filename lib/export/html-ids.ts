/**
 * Element ids the HTML export writes and its viewer reads. Their own module, so the viewer bundle
 * does not pull in what lib/export/html.ts needs to build the page (the target-kind registry, zod).
 */
export const HTML_DATA_ID = 'rpcscope-session';
export const HTML_TARGET_LINE_ID = 'rpcscope-target-line';
