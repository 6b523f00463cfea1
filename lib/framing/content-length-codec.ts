/** The `Content-Length` codec: the decoder (content-length.ts) and the encoder, under one name. */
import { ContentLengthDecoder } from './content-length';
import type { FramingCodec } from './types';
import { encodeUtf8 } from './utf8';

export function encodeContentLength(body: string): Uint8Array {
  const bytes = encodeUtf8(body);
  const header = `Content-Length: ${bytes.length}\r\n\r\n`;
  const out = new Uint8Array(header.length + bytes.length);
  for (let i = 0; i < header.length; i++) out[i] = header.charCodeAt(i);
  out.set(bytes, header.length);
  return out;
}

export const contentLengthCodec: FramingCodec = {
  name: 'content-length',
  createDecoder: (options) => new ContentLengthDecoder(options),
  encode: encodeContentLength,
};
