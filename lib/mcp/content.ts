/**
 * An MCP tool or prompt result's content, as the page shows it: text, images and audio (as data:
 * URLs of image or audio types only — never HTML, never a URL the page would fetch), embedded
 * resources and links. Tool errors (`isError: true`) are a failure to show as such.
 */
import { isRecord } from '../dialects/messages';

export type ContentBlock =
  | { type: 'text'; text: string }
  | { type: 'image' | 'audio'; mimeType: string; src: string }
  | { type: 'resource'; uri: string; mimeType?: string; text?: string; blobBytes?: number }
  | { type: 'resource_link'; uri: string; name?: string }
  | { type: 'other'; json: string };

export interface ToolResultView {
  isError: boolean;
  blocks: ContentBlock[];
  /** structuredContent, as JSON text, when there is one. */
  structured?: string;
}

/** Media types that a browser shows as pictures or sound and never runs (no SVG: it can carry script). */
const SAFE_MEDIA = /^(image\/(png|jpeg|gif|webp|avif|bmp)|audio\/(wav|x-wav|mpeg|mp3|ogg|webm|flac|aac|mp4))$/i;
const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;
const MAX_TEXT = 200_000;
const MAX_MEDIA_CHARS = 8 * 1024 * 1024;
const MAX_BLOCKS = 200;

const short = (v: unknown) => {
  const t = JSON.stringify(v) ?? String(v);
  return t.length > 2000 ? `${t.slice(0, 1997)}…` : t;
};

function block(c: unknown): ContentBlock {
  if (!isRecord(c)) return { type: 'other', json: short(c) };
  if (c.type === 'text' && typeof c.text === 'string') return { type: 'text', text: c.text.slice(0, MAX_TEXT) };
  if ((c.type === 'image' || c.type === 'audio') && typeof c.data === 'string' && typeof c.mimeType === 'string') {
    const mime = c.mimeType.trim().toLowerCase();
    const wanted = c.type === 'image' ? mime.startsWith('image/') : mime.startsWith('audio/');
    if (wanted && SAFE_MEDIA.test(mime) && c.data.length <= MAX_MEDIA_CHARS && BASE64.test(c.data)) {
      return { type: c.type, mimeType: mime, src: `data:${mime};base64,${c.data}` };
    }
    return { type: 'other', json: short({ ...c, data: `(${c.data.length} characters, not shown: ${wanted && SAFE_MEDIA.test(mime) ? 'not base64 or too large' : `type ${mime.slice(0, 80)} is not shown`})` }) };
  }
  if (c.type === 'resource' && isRecord(c.resource) && typeof c.resource.uri === 'string') {
    const r = c.resource;
    return {
      type: 'resource', uri: String(r.uri).slice(0, 4000),
      ...(typeof r.mimeType === 'string' ? { mimeType: r.mimeType.slice(0, 200) } : {}),
      ...(typeof r.text === 'string' ? { text: r.text.slice(0, MAX_TEXT) } : {}),
      ...(typeof r.blob === 'string' ? { blobBytes: Math.floor((r.blob.length * 3) / 4) } : {}),
    };
  }
  if (c.type === 'resource_link' && typeof c.uri === 'string') return { type: 'resource_link', uri: c.uri.slice(0, 4000), ...(typeof c.name === 'string' ? { name: c.name.slice(0, 500) } : {}) };
  return { type: 'other', json: short(c) };
}

export function readContent(content: unknown): ContentBlock[] {
  return Array.isArray(content) ? content.slice(0, MAX_BLOCKS).map(block) : [];
}

export function readToolResult(result: unknown): ToolResultView {
  if (!isRecord(result)) return { isError: false, blocks: [{ type: 'other', json: short(result) }] };
  return {
    isError: result.isError === true,
    blocks: readContent(result.content),
    ...(result.structuredContent !== undefined ? { structured: JSON.stringify(result.structuredContent, null, 2)?.slice(0, MAX_TEXT) } : {}),
  };
}

/** resources/read contents and prompts/get messages, as blocks. */
export function readResourceContents(result: unknown): ContentBlock[] {
  if (!isRecord(result) || !Array.isArray(result.contents)) return [{ type: 'other', json: short(result) }];
  return result.contents.slice(0, MAX_BLOCKS).map((r) => block({ type: 'resource', resource: r }));
}

export function readPromptMessages(result: unknown): { role: string; block: ContentBlock }[] {
  if (!isRecord(result) || !Array.isArray(result.messages)) return [{ role: '?', block: { type: 'other', json: short(result) } }];
  return result.messages.slice(0, MAX_BLOCKS).map((m) => ({ role: isRecord(m) && typeof m.role === 'string' ? m.role.slice(0, 40) : '?', block: block(isRecord(m) ? m.content : m) }));
}
