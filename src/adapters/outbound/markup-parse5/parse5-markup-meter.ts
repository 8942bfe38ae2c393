import type { MarkupShape } from '../../../domain/files/markup-limits.js';
import type { MarkupMeter } from '../../../ports/markup-meter.js';

interface Parse5Node {
  tagName?: string;
  childNodes?: Parse5Node[];
  /** A `<template>`'s contents live in a fragment of their own. */
  content?: Parse5Node;
}

type Parse = (html: string) => Parse5Node;
let parse: Promise<Parse> | undefined;

/**
 * `MarkupMeter` on parse5: the parser jsdom itself uses, so the shape is the
 * one the DOM would have, but built as plain objects (linear where jsdom is
 * quadratic in depth) and walked without recursion.
 */
export class Parse5MarkupMeter implements MarkupMeter {
  async measure(markup: string): Promise<MarkupShape> {
    parse ??= import('parse5').then((module) => module.parse as unknown as Parse); // loaded on first use, like jsdom
    const document = (await parse)(markup);
    const shape: MarkupShape = { depth: 0, elements: 0 };
    const pending: Array<[Parse5Node, number]> = [[document, 0]];
    for (let next = pending.pop(); next; next = pending.pop()) {
      const [node, depth] = next;
      if (node.tagName) {
        shape.elements += 1;
        shape.depth = Math.max(shape.depth, depth);
      }
      const below = node.tagName ? depth + 1 : depth;
      for (const child of node.childNodes ?? []) pending.push([child, below]);
      if (node.content) pending.push([node.content, below]);
    }
    return shape;
  }
}
