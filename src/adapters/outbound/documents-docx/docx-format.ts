import type { DocumentFormat } from '../../../ports/document-renderer.js';

/** Kept apart from the renderers so the composition can name the format without importing a DOCX writer. */
export const DOCX_FORMAT: DocumentFormat = {
  extension: 'docx',
  contentType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
};
