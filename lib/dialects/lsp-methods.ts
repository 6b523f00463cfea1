/** The methods of the Language Server Protocol 3.17, for completion and direction checks. */
import type { MethodDirection, MethodInfo, MethodKind } from './types';

type Row = readonly [name: string, summary: string, since?: string];

function rows(direction: MethodDirection, kind: MethodKind, list: readonly Row[]): MethodInfo[] {
  return list.map(([name, summary, since]) => (since ? { name, direction, kind, summary, since } : { name, direction, kind, summary }));
}

const clientRequests: Row[] = [
  ['initialize', 'First request: client capabilities in, server capabilities out.'],
  ['shutdown', 'Ask the server to shut down (but not exit); then send `exit`.'],
  ['textDocument/completion', 'Completion items at a position.'],
  ['completionItem/resolve', 'More detail for one completion item.'],
  ['textDocument/hover', 'Hover information at a position.'],
  ['textDocument/signatureHelp', 'Signature information at a position.'],
  ['textDocument/declaration', 'Declaration location(s) of a symbol.', '3.14'],
  ['textDocument/definition', 'Definition location(s) of a symbol.'],
  ['textDocument/typeDefinition', 'Type definition location(s) of a symbol.'],
  ['textDocument/implementation', 'Implementation location(s) of a symbol.'],
  ['textDocument/references', 'Project-wide references to a symbol.'],
  ['textDocument/documentHighlight', 'Highlights for a symbol in one document.'],
  ['textDocument/documentSymbol', 'Symbols of a document.'],
  ['textDocument/codeAction', 'Commands / code actions for a range and its diagnostics.'],
  ['codeAction/resolve', 'More detail (e.g. the edit) for a code action.', '3.16'],
  ['textDocument/codeLens', 'Code lenses of a document.'],
  ['codeLens/resolve', 'Resolve one code lens.'],
  ['textDocument/documentLink', 'Links in a document.'],
  ['documentLink/resolve', 'Resolve one document link.'],
  ['textDocument/documentColor', 'Color references in a document.'],
  ['textDocument/colorPresentation', 'Presentations for one color value.'],
  ['textDocument/formatting', 'Format a whole document.'],
  ['textDocument/rangeFormatting', 'Format a range.'],
  ['textDocument/onTypeFormatting', 'Format while typing.'],
  ['textDocument/rename', 'Workspace edit renaming a symbol.'],
  ['textDocument/prepareRename', 'Check and range a rename before doing it.'],
  ['textDocument/foldingRange', 'Folding ranges of a document.'],
  ['textDocument/selectionRange', 'Selection ranges at positions.'],
  ['textDocument/prepareCallHierarchy', 'Call hierarchy item at a position.', '3.16'],
  ['callHierarchy/incomingCalls', 'Incoming calls of a call hierarchy item.', '3.16'],
  ['callHierarchy/outgoingCalls', 'Outgoing calls of a call hierarchy item.', '3.16'],
  ['textDocument/prepareTypeHierarchy', 'Type hierarchy item at a position.', '3.17'],
  ['typeHierarchy/supertypes', 'Supertypes of a type hierarchy item.', '3.17'],
  ['typeHierarchy/subtypes', 'Subtypes of a type hierarchy item.', '3.17'],
  ['textDocument/semanticTokens/full', 'Semantic tokens of a whole document.', '3.16'],
  ['textDocument/semanticTokens/full/delta', 'Semantic tokens as a delta to an earlier result.', '3.16'],
  ['textDocument/semanticTokens/range', 'Semantic tokens of a range.', '3.16'],
  ['textDocument/linkedEditingRange', 'Ranges that are edited together.', '3.16'],
  ['textDocument/moniker', 'Monikers of the symbol at a position.', '3.16'],
  ['textDocument/inlayHint', 'Inlay hints of a range.', '3.17'],
  ['inlayHint/resolve', 'Resolve one inlay hint.', '3.17'],
  ['textDocument/inlineValue', 'Inline values of a range (debugging).', '3.17'],
  ['textDocument/diagnostic', 'Pull diagnostics of one document.', '3.17'],
  ['workspace/diagnostic', 'Pull diagnostics of the workspace.', '3.17'],
  ['workspace/symbol', 'Symbols matching a query across the workspace.'],
  ['workspaceSymbol/resolve', 'Resolve one workspace symbol location.', '3.17'],
  ['workspace/executeCommand', 'Run a command on the server.'],
  ['workspace/willCreateFiles', 'Edits to apply before files are created.', '3.16'],
  ['workspace/willRenameFiles', 'Edits to apply before files are renamed.', '3.16'],
  ['workspace/willDeleteFiles', 'Edits to apply before files are deleted.', '3.16'],
  ['textDocument/willSaveWaitUntil', 'Edits to apply before a document is saved.'],
];

const clientNotifications: Row[] = [
  ['initialized', 'Sent once after the `initialize` result arrived.'],
  ['exit', 'Ask the server process to exit (after `shutdown`).'],
  ['textDocument/didOpen', 'A document was opened; its content is now owned by the client.'],
  ['textDocument/didChange', 'A document changed.'],
  ['textDocument/willSave', 'A document will be saved.'],
  ['textDocument/didSave', 'A document was saved.'],
  ['textDocument/didClose', 'A document was closed.'],
  ['notebookDocument/didOpen', 'A notebook was opened.', '3.17'],
  ['notebookDocument/didChange', 'A notebook changed.', '3.17'],
  ['notebookDocument/didSave', 'A notebook was saved.', '3.17'],
  ['notebookDocument/didClose', 'A notebook was closed.', '3.17'],
  ['workspace/didChangeConfiguration', 'Configuration settings changed.'],
  ['workspace/didChangeWorkspaceFolders', 'Workspace folders were added or removed.'],
  ['workspace/didChangeWatchedFiles', 'Watched files changed on disk.'],
  ['workspace/didCreateFiles', 'Files were created from within the client.', '3.16'],
  ['workspace/didRenameFiles', 'Files were renamed from within the client.', '3.16'],
  ['workspace/didDeleteFiles', 'Files were deleted from within the client.', '3.16'],
  ['window/workDoneProgress/cancel', 'Cancel a server-initiated work-done progress.'],
  ['$/setTrace', 'Change the server trace setting (off | messages | verbose).'],
];

const serverRequests: Row[] = [
  ['client/registerCapability', 'Register a capability dynamically.'],
  ['client/unregisterCapability', 'Unregister a capability registered earlier.'],
  ['workspace/workspaceFolders', 'Current workspace folders of the client.'],
  ['workspace/configuration', 'Configuration settings for the given sections.'],
  ['workspace/applyEdit', 'Apply a workspace edit on the client.'],
  ['window/showMessageRequest', 'Show a message with actions and return the chosen one.'],
  ['window/showDocument', 'Show a resource in the client UI.', '3.16'],
  ['window/workDoneProgress/create', 'Create a work-done progress token on the client.'],
  ['workspace/semanticTokens/refresh', 'Ask the client to refresh semantic tokens.', '3.16'],
  ['workspace/codeLens/refresh', 'Ask the client to refresh code lenses.', '3.16'],
  ['workspace/inlayHint/refresh', 'Ask the client to refresh inlay hints.', '3.17'],
  ['workspace/inlineValue/refresh', 'Ask the client to refresh inline values.', '3.17'],
  ['workspace/diagnostic/refresh', 'Ask the client to re-pull diagnostics.', '3.17'],
];

const serverNotifications: Row[] = [
  ['window/showMessage', 'Show a message in the client UI.'],
  ['window/logMessage', 'Log a message on the client.'],
  ['telemetry/event', 'Telemetry data for the client to log.'],
  ['textDocument/publishDiagnostics', 'Diagnostics of a document (push model).'],
  ['$/logTrace', 'A trace message (when $/setTrace is not off).'],
];

const bothNotifications: Row[] = [
  ['$/cancelRequest', 'Cancel a pending request by its id.'],
  ['$/progress', 'Report progress for a token (work-done or partial results).'],
];

export const lspMethods: readonly MethodInfo[] = [
  ...rows('client→server', 'request', clientRequests),
  ...rows('client→server', 'notification', clientNotifications),
  ...rows('server→client', 'request', serverRequests),
  ...rows('server→client', 'notification', serverNotifications),
  ...rows('both', 'notification', bothNotifications),
];
