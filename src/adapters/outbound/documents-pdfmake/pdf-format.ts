import type { DocumentFormat } from '../../../ports/document-renderer.js';

/** Kept apart from the renderer so the composition can name the format without importing pdfmake. */
export const PDF_FORMAT: DocumentFormat = { extension: 'pdf', contentType: 'application/pdf' };
