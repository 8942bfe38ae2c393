import { InvalidInputError, TooLargeError } from '../../domain/errors.js';
import type { Permission } from '../../domain/files/permission.js';
import type { DocumentRenderer } from '../../ports/document-renderer.js';
import type { FileSources } from '../../ports/file-sources.js';
import type { MarkupMeter } from '../../ports/markup-meter.js';
import { checkMarkup } from './check-markup.js';
import type { CheckPermission } from './check-permission.js';
import { sourceImageResolver } from './document-images.js';

export interface GenerateDocumentInput {
  role: string;
  html: unknown;
  title?: string;
}

export interface GeneratedDocument {
  content: Uint8Array;
  contentType: string;
  fileName: string;
}

export interface DocumentLimits {
  maxHtmlBytes: number;
  maxImageBytes: number;
  /** Names of the sources images may come from; undefined: every source. */
  imageSources?: readonly string[];
}

/** What PDF and DOCX generation share: check, bound the input (bytes, then depth and elements), resolve images locally, render. */
export class DocumentGeneration {
  constructor(
    private readonly sources: FileSources,
    private readonly checkPermission: CheckPermission,
    private readonly limits: DocumentLimits,
    private readonly meter: MarkupMeter,
  ) {}

  async run(input: GenerateDocumentInput, permission: Permission, renderer: DocumentRenderer): Promise<GeneratedDocument> {
    await this.checkPermission.execute({ role: input.role, permission });
    if (typeof input.html !== 'string' || input.html.trim() === '') throw new InvalidInputError('The html parameter is required');
    if (new TextEncoder().encode(input.html).length > this.limits.maxHtmlBytes) {
      throw new TooLargeError(`The HTML is larger than ${this.limits.maxHtmlBytes} bytes`);
    }
    await checkMarkup(this.meter, input.html);
    const allowed = this.sources.all().filter((source) => !this.limits.imageSources || this.limits.imageSources.includes(source.name));
    const content = await renderer.render(input.html, {
      resolveImage: sourceImageResolver(allowed, input.role, this.checkPermission, this.limits.maxImageBytes),
      ...(input.title ? { title: input.title } : {}),
    });
    return { content, contentType: renderer.format.contentType, fileName: `document.${renderer.format.extension}` };
  }
}
