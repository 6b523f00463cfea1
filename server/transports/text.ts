/** Byte-to-text helpers shared by the transports. */

const strict = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });
const lossy = new TextDecoder('utf-8', { fatal: false, ignoreBOM: true });

/** Exact text when the bytes are UTF-8; otherwise a lossy rendering plus the bytes in base64. */
export function decodeUtf8(bytes: Uint8Array): { text: string; rawBase64?: string } {
  try {
    return { text: strict.decode(bytes) };
  } catch {
    return {
      text: lossy.decode(bytes),
      rawBase64: Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('base64'),
    };
  }
}

/**
 * Splits a byte stream into text lines (LF or CRLF), for side output such as stderr. Lines longer
 * than `maxLine` characters are emitted in pieces so one endless line cannot grow without bound.
 */
export class LineSplitter {
  private readonly decoder = new TextDecoder('utf-8', { fatal: false, ignoreBOM: true });
  private partial = '';

  constructor(
    private readonly maxLine: number,
    private readonly emit: (line: string) => void,
  ) {}

  push(chunk: Uint8Array): void {
    const text = this.decoder.decode(chunk, { stream: true });
    let start = 0;
    for (let nl = text.indexOf('\n'); nl !== -1; nl = text.indexOf('\n', start)) {
      let line = this.partial + text.slice(start, nl);
      this.partial = '';
      if (line.endsWith('\r')) line = line.slice(0, -1);
      this.emitBounded(line);
      start = nl + 1;
    }
    if (start < text.length) {
      this.partial += text.slice(start);
      while (this.partial.length > this.maxLine) {
        this.emit(this.partial.slice(0, this.maxLine));
        this.partial = this.partial.slice(this.maxLine);
      }
    }
  }

  /** End of stream: the unterminated last line still counts. */
  flush(): void {
    const rest = this.partial + this.decoder.decode();
    this.partial = '';
    if (rest.length > 0) this.emitBounded(rest);
  }

  private emitBounded(line: string): void {
    if (line.length <= this.maxLine) {
      this.emit(line);
      return;
    }
    for (let i = 0; i < line.length; i += this.maxLine) this.emit(line.slice(i, i + this.maxLine));
  }
}

export function toBuffer(data: Uint8Array | string): Buffer {
  if (typeof data === 'string') return Buffer.from(data, 'utf8');
  if (Buffer.isBuffer(data)) return data;
  return Buffer.from(data.buffer, data.byteOffset, data.byteLength);
}

/**
 * Own-property record from header pairs (names lower-cased, repeats joined with ", "); a peer's
 * `__proto__` header stays a plain key. Buffers (undici's raw headers) are read as latin1, as
 * node:http reads them. Built in place, without a Map in between: this runs for every HTTP reply.
 */
export function headerRecord(rawHeaders: ReadonlyArray<string | Buffer>): Record<string, string> {
  const out: Record<string, string> = {};
  for (let i = 0; i + 1 < rawHeaders.length; i += 2) {
    const n = rawHeaders[i];
    const v = rawHeaders[i + 1];
    const name = (typeof n === 'string' ? n : n.toString('latin1')).toLowerCase();
    const value = typeof v === 'string' ? v : v.toString('latin1');
    const joined = Object.hasOwn(out, name) ? `${out[name]}, ${value}` : value;
    if (name === '__proto__') Object.defineProperty(out, name, { value: joined, enumerable: true, writable: true, configurable: true });
    else out[name] = joined;
  }
  return out;
}
