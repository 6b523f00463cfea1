/** Requests and events of the Debug Adapter Protocol ("client" = development tool, "server" = debug adapter). */
import type { MethodInfo } from './types';

type Row = readonly [name: string, summary: string];

const requests: Row[] = [
  ['initialize', 'First request: client capabilities in, adapter capabilities out.'],
  ['configurationDone', 'Ends the configuration sequence started by the initialized event.'],
  ['launch', 'Start the debuggee.'],
  ['attach', 'Attach to a running debuggee.'],
  ['restart', 'Restart the session.'],
  ['disconnect', 'End the session (optionally terminating the debuggee).'],
  ['terminate', 'Ask the debuggee to terminate gracefully.'],
  ['breakpointLocations', 'Possible breakpoint locations in a range.'],
  ['setBreakpoints', 'Replace all source breakpoints of a file.'],
  ['setFunctionBreakpoints', 'Replace all function breakpoints.'],
  ['setExceptionBreakpoints', 'Configure exception breakpoints.'],
  ['dataBreakpointInfo', 'Whether a data breakpoint can be set on a variable.'],
  ['setDataBreakpoints', 'Replace all data breakpoints.'],
  ['setInstructionBreakpoints', 'Replace all instruction breakpoints.'],
  ['continue', 'Resume a thread (or all).'],
  ['next', 'Step over.'],
  ['stepIn', 'Step into.'],
  ['stepOut', 'Step out.'],
  ['stepBack', 'Step backwards (when supported).'],
  ['reverseContinue', 'Run backwards (when supported).'],
  ['restartFrame', 'Restart execution of a stack frame.'],
  ['goto', 'Jump to a goto target.'],
  ['pause', 'Suspend a thread.'],
  ['stackTrace', 'Stack frames of a thread.'],
  ['scopes', 'Variable scopes of a frame.'],
  ['variables', 'Child variables of a reference.'],
  ['setVariable', 'Set a variable’s value.'],
  ['source', 'Content of a source reference.'],
  ['threads', 'All threads.'],
  ['terminateThreads', 'Terminate threads.'],
  ['modules', 'Loaded modules.'],
  ['loadedSources', 'All loaded sources.'],
  ['evaluate', 'Evaluate an expression (watch, repl, hover …).'],
  ['setExpression', 'Assign to an expression.'],
  ['stepInTargets', 'Possible step-in targets of a frame.'],
  ['gotoTargets', 'Possible goto targets of a location.'],
  ['completions', 'Completions in the debug console.'],
  ['exceptionInfo', 'Details of the current exception.'],
  ['readMemory', 'Read memory bytes.'],
  ['writeMemory', 'Write memory bytes.'],
  ['disassemble', 'Disassemble code.'],
  ['locations', 'Resolve a location reference.'],
  ['cancel', 'Cancel a pending request (arguments.requestId) or progress (arguments.progressId).'],
];

const reverseRequests: Row[] = [
  ['runInTerminal', 'Ask the client to run a command in a terminal.'],
  ['startDebugging', 'Ask the client to start a child debug session.'],
];

const events: Row[] = [
  ['initialized', 'The adapter is ready for configuration requests.'],
  ['stopped', 'Execution stopped (breakpoint, step, exception …).'],
  ['continued', 'Execution continued.'],
  ['exited', 'The debuggee exited (with its exit code).'],
  ['terminated', 'The debug session ended.'],
  ['thread', 'A thread started or exited.'],
  ['output', 'Output from the debuggee or the adapter.'],
  ['breakpoint', 'A breakpoint changed.'],
  ['module', 'A module was loaded, changed or removed.'],
  ['loadedSource', 'A source was loaded, changed or removed.'],
  ['process', 'The debuggee process started or was attached.'],
  ['capabilities', 'Adapter capabilities changed.'],
  ['progressStart', 'A long-running operation started.'],
  ['progressUpdate', 'Progress of a long-running operation.'],
  ['progressEnd', 'A long-running operation ended.'],
  ['invalidated', 'Some client state must be re-fetched.'],
  ['memory', 'Memory contents changed.'],
];

export const dapMethods: readonly MethodInfo[] = [
  ...requests.map(([name, summary]): MethodInfo => ({ name, direction: 'client→server', kind: 'request', summary })),
  ...reverseRequests.map(([name, summary]): MethodInfo => ({ name, direction: 'server→client', kind: 'request', summary })),
  ...events.map(([name, summary]): MethodInfo => ({ name, direction: 'server→client', kind: 'event', summary })),
];
