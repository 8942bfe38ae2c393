import { InvalidInputError } from '../errors.js';

/** The raw box a client sends: `"w,h"`, `"x,y,w,h"` or `box[w]`…, already split into fields. */
export interface RawBox {
  x?: unknown;
  y?: unknown;
  w?: unknown;
  h?: unknown;
}

const number = (raw: unknown, name: string): number | undefined => {
  if (raw === undefined || raw === null || raw === '') return undefined;
  const value = typeof raw === 'number' ? raw : typeof raw === 'string' && /^\s*-?\d+(\.\d+)?\s*$/.test(raw) ? Number(raw) : NaN;
  if (!Number.isFinite(value)) throw new InvalidInputError(`box ${name} must be a number`);
  return Math.round(value); // the editor measures on screen and may send fractions
};

const side = (raw: unknown, name: string, maxDimension: number): number | undefined => {
  const value = number(raw, name);
  if (value === undefined) return undefined;
  if (value < 1) throw new InvalidInputError(`box ${name} must be at least 1`);
  if (value > maxDimension) throw new InvalidInputError(`box ${name} must be at most ${maxDimension}`);
  return value;
};

/** A resize target: at least one side, each 1…maxDimension. */
export const parseResizeBox = (raw: RawBox, maxDimension: number): { width?: number; height?: number } => {
  const width = side(raw.w, 'width', maxDimension);
  const height = side(raw.h, 'height', maxDimension);
  if (width === undefined && height === undefined) throw new InvalidInputError('box needs a width or a height');
  return { ...(width === undefined ? {} : { width }), ...(height === undefined ? {} : { height }) };
};

/** A crop region: every field present, origin not negative, sides 1…maxDimension. */
export const parseCropBox = (raw: RawBox, maxDimension: number): { x: number; y: number; width: number; height: number } => {
  const x = number(raw.x, 'x') ?? 0;
  const y = number(raw.y, 'y') ?? 0;
  if (x < 0 || y < 0) throw new InvalidInputError('box x and y cannot be negative');
  const width = side(raw.w, 'width', maxDimension);
  const height = side(raw.h, 'height', maxDimension);
  if (width === undefined || height === undefined) throw new InvalidInputError('box needs a width and a height');
  return { x, y, width, height };
};

/** The missing side of a resize box, keeping the image's aspect ratio. */
export const completeResizeBox = (
  box: { width?: number; height?: number },
  image: { width: number; height: number },
): { width: number; height: number } => ({
  width: box.width ?? Math.max(1, Math.round((box.height! * image.width) / image.height)),
  height: box.height ?? Math.max(1, Math.round((box.width! * image.height) / image.width)),
});
