/** Methods of the Model Context Protocol (revisions 2024-11-05 … 2025-11-25), for completion. */
import type { MethodInfo } from './types';

const c2s = 'client→server' as const;
const s2c = 'server→client' as const;

export const mcpMethods: readonly MethodInfo[] = [
  { name: 'initialize', direction: c2s, kind: 'request', summary: 'First request: protocolVersion, capabilities and clientInfo in; the server’s out.' },
  { name: 'ping', direction: 'both', kind: 'request', summary: 'Liveness check; answered with an empty result.' },
  { name: 'tools/list', direction: c2s, kind: 'request', summary: 'List the tools the server offers (paginated by cursor).' },
  { name: 'tools/call', direction: c2s, kind: 'request', summary: 'Call a tool by name with arguments.' },
  { name: 'resources/list', direction: c2s, kind: 'request', summary: 'List resources (paginated by cursor).' },
  { name: 'resources/templates/list', direction: c2s, kind: 'request', summary: 'List resource URI templates.' },
  { name: 'resources/read', direction: c2s, kind: 'request', summary: 'Read a resource by URI.' },
  { name: 'resources/subscribe', direction: c2s, kind: 'request', summary: 'Get notifications/resources/updated for a URI.' },
  { name: 'resources/unsubscribe', direction: c2s, kind: 'request', summary: 'Stop updates for a URI.' },
  { name: 'prompts/list', direction: c2s, kind: 'request', summary: 'List prompts (paginated by cursor).' },
  { name: 'prompts/get', direction: c2s, kind: 'request', summary: 'Get a prompt by name with arguments.' },
  { name: 'completion/complete', direction: c2s, kind: 'request', summary: 'Argument completion for a prompt or resource template.' },
  { name: 'logging/setLevel', direction: c2s, kind: 'request', summary: 'Set the minimum level of notifications/message.' },
  { name: 'tasks/get', direction: 'both', kind: 'request', summary: 'State of a task.', since: '2025-11-25' },
  { name: 'tasks/result', direction: 'both', kind: 'request', summary: 'Result of a finished task (waits until it finishes).', since: '2025-11-25' },
  { name: 'tasks/list', direction: 'both', kind: 'request', summary: 'List tasks.', since: '2025-11-25' },
  { name: 'tasks/cancel', direction: 'both', kind: 'request', summary: 'Cancel a task.', since: '2025-11-25' },
  { name: 'sampling/createMessage', direction: s2c, kind: 'request', summary: 'Ask the client to sample an LLM.' },
  { name: 'roots/list', direction: s2c, kind: 'request', summary: 'Ask the client for its filesystem roots.' },
  { name: 'elicitation/create', direction: s2c, kind: 'request', summary: 'Ask the user for input through the client.', since: '2025-06-18' },
  { name: 'notifications/initialized', direction: c2s, kind: 'notification', summary: 'Sent once the initialize result arrived; normal operation starts.' },
  { name: 'notifications/roots/list_changed', direction: c2s, kind: 'notification', summary: 'The client’s roots changed.' },
  { name: 'notifications/cancelled', direction: 'both', kind: 'notification', summary: 'Cancel a pending request: { requestId, reason? }.' },
  { name: 'notifications/progress', direction: 'both', kind: 'notification', summary: 'Progress for a request that set _meta.progressToken.' },
  { name: 'notifications/message', direction: s2c, kind: 'notification', summary: 'A log message (level, logger, data).' },
  { name: 'notifications/resources/list_changed', direction: s2c, kind: 'notification', summary: 'The resource list changed.' },
  { name: 'notifications/resources/updated', direction: s2c, kind: 'notification', summary: 'A subscribed resource changed.' },
  { name: 'notifications/tools/list_changed', direction: s2c, kind: 'notification', summary: 'The tool list changed.' },
  { name: 'notifications/prompts/list_changed', direction: s2c, kind: 'notification', summary: 'The prompt list changed.' },
  { name: 'notifications/elicitation/complete', direction: s2c, kind: 'notification', summary: 'A URL-mode elicitation finished.', since: '2025-11-25' },
  { name: 'notifications/tasks/status', direction: 'both', kind: 'notification', summary: 'A task changed state.', since: '2025-11-25' },
];
