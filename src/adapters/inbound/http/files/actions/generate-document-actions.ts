import type { GeneratedDocument } from '../../../../../application/files/document-generation.js';
import type { ActionContext, FileAction } from '../action.js';
import { required } from '../media-use-cases.js';

/** Sends the document itself, as a download, instead of the JSON envelope. */
const send = ({ res }: ActionContext, document: GeneratedDocument): undefined => {
  res.status(200);
  res.setHeader('Content-Type', document.contentType);
  res.setHeader('Content-Disposition', `attachment; filename="${document.fileName}"`);
  res.setHeader('Content-Length', String(document.content.byteLength));
  res.setHeader('X-Content-Type-Options', 'nosniff');
  res.setHeader('Cache-Control', 'no-store');
  res.end(Buffer.from(document.content.buffer, document.content.byteOffset, document.content.byteLength));
  return undefined;
};

export const generatePdfAction: FileAction = {
  name: 'generatePdf',
  readOnly: false,
  async handle(context) {
    const useCase = required(context.options.useCases.generatePdf, 'generatePdf');
    return send(context, await useCase.execute({ role: context.role, html: context.params.html }));
  },
};

export const generateDocxAction: FileAction = {
  name: 'generateDocx',
  readOnly: false,
  async handle(context) {
    const useCase = required(context.options.useCases.generateDocx, 'generateDocx');
    return send(context, await useCase.execute({ role: context.role, html: context.params.html }));
  },
};
