export { DEFAULT_EXPORT_FORMAT, EXPORT_FORMATS, EXPORT_FORMAT_IDS, ExportFormatSchema, exportFormat, type ExportAssets, type ExportBuild, type ExportFormat, type ExportFormatId } from './formats';
export { buildHar, type Har, type HarEntry, type HarResult } from './har';
export { HTML_DATA_ID, HTML_EXPORT_CSP, buildHtmlExport, scriptSafeJson } from './html';
export { attachmentDisposition, safeFileName } from './filename';
export { inSelection, parseSeqSelection, selectEvents, type SeqRange, type SelectionParse } from './selection';
