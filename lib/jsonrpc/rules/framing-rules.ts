/**
 * Rules for framing problems whose cause the bytes show (lib/framing/hints.ts finds them). Keyed by
 * the framing layer's own hint type, so a hint without a rule does not compile.
 */
import type { FramingHintRule } from '../../framing/types';
import type { RuleDef } from './table';

const HINTS = {
  'framing-length-in-characters': {
    severity: 'error',
    scope: 'framing',
    message: 'The Content-Length counts characters, not bytes.',
    spec: 'Content-Length: The length of the content part in bytes. This header is required.',
    section: 'LSP Base Protocol, Header Part',
  },
  'framing-newline-in-message': {
    severity: 'error',
    scope: 'framing',
    message: 'Newline framing forbids newlines inside a message: this is a piece of pretty-printed JSON.',
    spec: 'Messages are delimited by newlines, and MUST NOT contain embedded newlines.',
    section: 'MCP Transports, stdio',
  },
  'framing-mismatch': {
    severity: 'error',
    scope: 'framing',
    message: 'These bytes are framed the other way: the session uses the wrong framing for this peer.',
    spec: 'The base protocol consists of a header and a content part (comparable to HTTP). The header and content part are separated by a \'\\r\\n\'.',
    section: 'LSP Base Protocol (Content-Length framing); MCP stdio uses one message per line',
  },
} satisfies Record<FramingHintRule, Omit<RuleDef, 'id'>>;

export const FRAMING_RULES: RuleDef[] = Object.entries(HINTS).map(([id, def]) => ({ id, ...def }));
