import { SIGNATURE_MAX_HEIGHT, SIGNATURE_MAX_WIDTH } from '@store/domain/agreement';

/**
 * What a PNG says about itself, read from its chunk headers without decoding a pixel (issue 34): a decoder makes
 * width x height x 4 bytes whatever the file's size, so a small file can declare an image of gigabytes.
 */
export interface PngHeader {
  width: number;
  height: number;
  bitDepth: number;
  colourType: number;
  /** It carries an animation (APNG: acTL), whose every frame a decoder makes. */
  animated: boolean;
}

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
/** Bit depths allowed for each colour type (PNG 11.2.2). */
const DEPTHS: Record<number, number[]> = { 0: [1, 2, 4, 8, 16], 2: [8, 16], 3: [1, 2, 4, 8], 4: [8, 16], 6: [8, 16] };

/** The header of a well-formed PNG (signature, IHDR first, every chunk within the file, an IDAT), or null. */
export function readPngHeader(bytes: Uint8Array): PngHeader | null {
  const b = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (b.length < 33 || !b.subarray(0, 8).equals(SIGNATURE)) return null;
  if (b.readUInt32BE(8) !== 13 || b.toString('latin1', 12, 16) !== 'IHDR') return null;
  const header: PngHeader = { width: b.readUInt32BE(16), height: b.readUInt32BE(20), bitDepth: b[24], colourType: b[25], animated: false };
  if (!header.width || !header.height || !DEPTHS[header.colourType]?.includes(header.bitDepth)) return null;
  if (b[26] !== 0 || b[27] !== 0 || b[28] > 1) return null;
  // The other chunks' headers only (length and type): at most one step per 12 bytes of the file.
  let data = false;
  for (let at = 33; at < b.length;) {
    if (at + 12 > b.length) return null;
    const length = b.readUInt32BE(at);
    const type = b.toString('latin1', at + 4, at + 8);
    if (at + 12 + length > b.length) return null;
    if (type === 'acTL' || type === 'fcTL' || type === 'fdAT') header.animated = true;
    if (type === 'IDAT') data = true;
    at += 12 + length;
    if (type === 'IEND') break;
  }
  return data ? header : null;
}

/**
 * Whether a signature image is one the pad could have made: a still 8-bit PNG no larger than SIGNATURE_MAX_WIDTH x
 * SIGNATURE_MAX_HEIGHT. Checked when it is saved and again before the signed application embeds (decodes) it.
 */
export function signaturePngProblem(bytes: Uint8Array): 'not-png' | 'too-large' | null {
  const h = readPngHeader(bytes);
  if (!h || h.animated || h.bitDepth > 8) return 'not-png';
  return h.width > SIGNATURE_MAX_WIDTH || h.height > SIGNATURE_MAX_HEIGHT ? 'too-large' : null;
}
