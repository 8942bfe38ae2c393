/** Strips whatever could run or load from an SVG document (scripts, event handlers, external references). */
export interface SvgSanitizer {
  sanitize(svg: string): Promise<string>;
}
