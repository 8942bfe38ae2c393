import { HtmlDocxJsDocumentRenderer } from '../../src/adapters/outbound/documents-docx/html-docx-js-document-renderer.js';
import { TurbodocxDocumentRenderer } from '../../src/adapters/outbound/documents-docx/turbodocx-document-renderer.js';
import { PdfmakeDocumentRenderer } from '../../src/adapters/outbound/documents-pdfmake/pdfmake-document-renderer.js';
import { FakeDocumentRenderer } from '../fakes/fake-document-renderer.js';
import { readDocx, readPdf } from '../support/documents.js';
import { documentRendererContract } from '../../src/testing/contracts/document-renderer.contract.js';

const decode = (bytes: Uint8Array) => new TextDecoder().decode(bytes);

documentRendererContract('PdfmakeDocumentRenderer', () => ({
  renderer: new PdfmakeDocumentRenderer(),
  textOf: async (document) => (await readPdf(document)).text,
  // Each embedded picture is one image XObject in the file.
  imagesIn: async (document) => (Buffer.from(document).toString('latin1').match(/\/Subtype \/Image/g) ?? []).length,
}));

documentRendererContract('TurbodocxDocumentRenderer', () => ({
  renderer: new TurbodocxDocumentRenderer(),
  textOf: async (document) => (await readDocx(document)).text,
  // Pictures placed in the body (the library also stores a spare copy of each media file).
  imagesIn: async (document) => ((await readDocx(document)).documentXml.match(/<pic:pic[ >]/g) ?? []).length,
}));

documentRendererContract('HtmlDocxJsDocumentRenderer', () => ({
  renderer: new HtmlDocxJsDocumentRenderer(),
  // Only Word expands the altChunk; its HTML (quoted-printable in an MHT part) is what a reader gets.
  textOf: async (document) => ((await readDocx(document)).altChunk ?? '').replace(/=\r?\n/g, '').replace(/=3D/g, '='),
  imagesIn: async (document) => ((await readDocx(document)).altChunk?.match(/<img /g) ?? []).length,
}));

documentRendererContract('FakeDocumentRenderer', () => ({
  renderer: new FakeDocumentRenderer('pdf'),
  textOf: async (document) => decode(document),
  imagesIn: async (document) => (decode(document).match(/^image /gm) ?? []).length,
}));
