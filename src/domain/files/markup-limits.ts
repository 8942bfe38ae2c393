import { TooLargeError } from '../errors.js';

/** The element tree a parser builds from some markup: how deep and how many. */
export interface MarkupShape {
  depth: number;
  elements: number;
}

export interface MarkupLimits {
  maxDepth: number;
  maxElements: number;
}

/**
 * How much structure an uploaded SVG or the HTML of a document may have.
 * Building a DOM costs time that grows with depth squared (each insert walks
 * every ancestor): 10 000 nested `<div>`s held the event loop for 15–40 s and
 * then overflowed the stack in the sanitiser and both converters. Editors
 * write a few dozen levels; 400 leaves room for anything real, and 20 000
 * elements is a long report.
 */
export const MARKUP_LIMITS: MarkupLimits = { maxDepth: 400, maxElements: 20_000 };

/** Refuses (413) a shape past the limits. */
export const checkMarkupShape = (shape: MarkupShape, limits: MarkupLimits = MARKUP_LIMITS): void => {
  if (shape.depth > limits.maxDepth) throw new TooLargeError(`The markup is nested more than ${limits.maxDepth} levels deep`);
  if (shape.elements > limits.maxElements) throw new TooLargeError(`The markup has more than ${limits.maxElements} elements`);
};

/**
 * An upper bound on the elements any HTML or XML parser can make of `markup`,
 * in one linear pass and without parsing: every element it builds comes from
 * a `<` followed by a letter (inside comments or scripts too, so never fewer).
 */
export const countStartTags = (markup: string): number => {
  let count = 0;
  for (let at = markup.indexOf('<'); at !== -1; at = markup.indexOf('<', at + 1)) {
    const next = markup.charCodeAt(at + 1) | 0x20; // lower case for ASCII letters
    if (next >= 0x61 && next <= 0x7a) count++;
  }
  return count;
};
