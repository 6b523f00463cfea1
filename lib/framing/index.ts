export type { Frame, FrameDecoder, FrameDecoderOptions, FrameHint, FramingCodec, FramingHintRule, MessageFrame, NoiseFrame, NoiseReason, PendingFrame } from './types';
export { AutoDecoder, autoCodec, detectFraming, encoderFor } from './auto';
export { FRAMINGS, getCodec, isFraming } from './registry';
export { ContentLengthDecoder } from './content-length';
export { contentLengthCodec, encodeContentLength } from './content-length-codec';
export { NewlineDecoder, newlineCodec, encodeNewline } from './newline';
export { DEFAULT_MAX_FRAME_BYTES, DEFAULT_MAX_HEADER_BYTES, OVERSIZED_PREVIEW_BYTES, UNFRAMED_PIECE_BYTES } from './frames';
export { base64Encode } from './base64';
