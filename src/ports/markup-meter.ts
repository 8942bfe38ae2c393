import type { MarkupShape } from '../domain/files/markup-limits.js';

/**
 * Measures the element tree a browser-grade HTML parser builds from markup
 * (SVG included: the sanitiser parses it as HTML too), without building a
 * DOM, in time that grows with the input's length, never with its depth.
 */
export interface MarkupMeter {
  measure(markup: string): Promise<MarkupShape>;
}
