/**
 * The few ES-standard globals lib/ uses that `types: []` leaves undeclared (TextEncoder/TextDecoder
 * exist in Node, browsers and workers alike). Keep this file tiny and never import it from code
 * compiled with the DOM lib, where these are already declared.
 */
interface TextDecodeOptions {
  stream?: boolean;
}
interface TextDecoderOptions {
  fatal?: boolean;
  ignoreBOM?: boolean;
}
interface TextDecoder {
  readonly encoding: string;
  readonly fatal: boolean;
  decode(input?: Uint8Array, options?: TextDecodeOptions): string;
}
// eslint-disable-next-line no-var -- a global declaration, as in the standard lib files
declare var TextDecoder: {
  prototype: TextDecoder;
  new (label?: string, options?: TextDecoderOptions): TextDecoder;
};
interface TextEncoder {
  readonly encoding: string;
  encode(input?: string): Uint8Array;
}
// eslint-disable-next-line no-var -- a global declaration, as in the standard lib files
declare var TextEncoder: {
  prototype: TextEncoder;
  new (): TextEncoder;
};
