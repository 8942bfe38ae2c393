import type { DocumentRenderer } from '../../ports/document-renderer.js';
import type { DocumentGeneration, GenerateDocumentInput, GeneratedDocument } from './document-generation.js';

/** HTML from the editor in, a PDF out. */
export class GeneratePdf {
  constructor(
    private readonly generation: DocumentGeneration,
    private readonly renderer: DocumentRenderer,
  ) {}

  execute(input: GenerateDocumentInput): Promise<GeneratedDocument> {
    return this.generation.run(input, 'GENERATE_PDF', this.renderer);
  }
}
