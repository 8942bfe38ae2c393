import { checkMarkupShape, countStartTags, MARKUP_LIMITS } from '../../domain/files/markup-limits.js';
import type { MarkupMeter } from '../../ports/markup-meter.js';

/**
 * Refuses (413) markup past the limits before anything builds a DOM of it:
 * too many start tags is seen in one pass without parsing; the depth needs
 * the meter's parse, which the first check keeps short.
 */
export const checkMarkup = async (meter: MarkupMeter, markup: string): Promise<void> => {
  checkMarkupShape({ depth: 0, elements: countStartTags(markup) });
  checkMarkupShape(await meter.measure(markup), MARKUP_LIMITS);
};
