/** Every framing by name. Adding one is one file and one line here. */
import type { Framing } from '../session/types';
import { autoCodec } from './auto';
import { contentLengthCodec } from './content-length-codec';
import { newlineCodec } from './newline';
import type { FramingCodec } from './types';

const CODECS: Record<Framing, FramingCodec> = {
  'content-length': contentLengthCodec,
  newline: newlineCodec,
  auto: autoCodec,
};

export const FRAMINGS: readonly Framing[] = Object.keys(CODECS) as Framing[];

export function isFraming(name: string): name is Framing {
  return Object.prototype.hasOwnProperty.call(CODECS, name);
}

export function getCodec(name: Framing): FramingCodec {
  const codec = CODECS[name];
  if (!codec) throw new Error(`unknown framing "${String(name)}" (known: ${FRAMINGS.join(', ')})`);
  return codec;
}
