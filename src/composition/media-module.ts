import { ContainerModule } from 'inversify';
import { DOCX_FORMAT } from '../adapters/outbound/documents-docx/docx-format.js';
import { PDF_FORMAT } from '../adapters/outbound/documents-pdfmake/pdf-format.js';
import { SharpImageProcessor } from '../adapters/outbound/images-sharp/sharp-image-processor.js';
import { UndiciRemoteFetcher } from '../adapters/outbound/remote-fetch/undici-remote-fetcher.js';
import type { CheckPermission } from '../application/files/check-permission.js';
import { CropImage } from '../application/files/crop-image.js';
import { DocumentGeneration } from '../application/files/document-generation.js';
import { GenerateDocx } from '../application/files/generate-docx.js';
import { GeneratePdf } from '../application/files/generate-pdf.js';
import { ImageEdit } from '../application/files/image-edit.js';
import { ResizeImage } from '../application/files/resize-image.js';
import { Thumbnails } from '../application/files/thumbnails.js';
import { UploadRemoteFile } from '../application/files/upload-remote-file.js';
import type { FilesConfig } from '../config/files-schema.js';
import type { DocumentRenderer } from '../ports/document-renderer.js';
import type { FileSources } from '../ports/file-sources.js';
import type { ImageProcessor } from '../ports/image-processor.js';
import type { MarkupMeter } from '../ports/markup-meter.js';
import type { RemoteFetcher } from '../ports/remote-fetcher.js';
import { TOKENS } from '../ports/tokens.js';
import { lazyDocumentRenderer } from './lazy-adapters.js';

export interface MediaOverrides {
  imageProcessor?: ImageProcessor;
  remoteFetcher?: RemoteFetcher;
  pdfRenderer?: DocumentRenderer;
  docxRenderer?: DocumentRenderer;
}

/** Types that can carry script: refused from a URL, where no sanitiser runs. */
const ACTIVE_TYPES = ['svg', 'svgz', 'html', 'htm', 'xhtml', 'xml', 'js', 'mjs'];

/** The file connector's image, thumbnail, remote-upload and document bindings. */
export const mediaModule = (config: FilesConfig, overrides: MediaOverrides = {}): ContainerModule =>
  new ContainerModule(({ bind }) => {
    const constant = <T>(token: symbol, value: T) => bind<T>(token).toConstantValue(value);
    constant<ImageProcessor>(TOKENS.ImageProcessor, overrides.imageProcessor ?? new SharpImageProcessor(config.images));
    constant<RemoteFetcher>(TOKENS.RemoteFetcher, overrides.remoteFetcher ?? new UndiciRemoteFetcher(config.remoteUpload));
    const pdf = async () => new (await import('../adapters/outbound/documents-pdfmake/pdfmake-document-renderer.js')).PdfmakeDocumentRenderer();
    const docx = async () =>
      config.documents.docx === 'html-docx-js'
        ? new (await import('../adapters/outbound/documents-docx/html-docx-js-document-renderer.js')).HtmlDocxJsDocumentRenderer()
        : new (await import('../adapters/outbound/documents-docx/turbodocx-document-renderer.js')).TurbodocxDocumentRenderer();
    constant<DocumentRenderer>(TOKENS.PdfRenderer, overrides.pdfRenderer ?? lazyDocumentRenderer(PDF_FORMAT, pdf));
    constant<DocumentRenderer>(TOKENS.DocxRenderer, overrides.docxRenderer ?? lazyDocumentRenderer(DOCX_FORMAT, docx));
    bind(TOKENS.Thumbnails)
      .toResolvedValue((images: ImageProcessor) => new Thumbnails(images, { ...config.thumbnails, maxSourceBytes: config.maxFileSize }), [TOKENS.ImageProcessor])
      .inSingletonScope();
    const imageEdit = (sources: FileSources, check: CheckPermission, thumbnails: Thumbnails) =>
      new ImageEdit(sources, check, thumbnails, { maxDimension: config.images.maxDimension, maxInputBytes: config.maxFileSize });
    const editDeps = (): [symbol, symbol, symbol, symbol] => [TOKENS.FileSources, TOKENS.CheckPermission, TOKENS.Thumbnails, TOKENS.ImageProcessor];
    bind(TOKENS.ResizeImage)
      .toResolvedValue((s: FileSources, c: CheckPermission, t: Thumbnails, i: ImageProcessor) => new ResizeImage(imageEdit(s, c, t), i), editDeps())
      .inSingletonScope();
    bind(TOKENS.CropImage)
      .toResolvedValue((s: FileSources, c: CheckPermission, t: Thumbnails, i: ImageProcessor) => new CropImage(imageEdit(s, c, t), i), editDeps())
      .inSingletonScope();
    bind(TOKENS.UploadRemoteFile)
      .toResolvedValue(
        (s: FileSources, c: CheckPermission, f: RemoteFetcher, t: Thumbnails) =>
          new UploadRemoteFile(s, c, f, t, {
            maxBytes: Math.min(config.maxFileSize, config.remoteUpload.maxBytes),
            allowedExtensions: config.allowedExtensions,
            refusedExtensions: ACTIVE_TYPES,
          }),
        [TOKENS.FileSources, TOKENS.CheckPermission, TOKENS.RemoteFetcher, TOKENS.Thumbnails],
      )
      .inSingletonScope();
    const generation = (s: FileSources, c: CheckPermission, m: MarkupMeter) =>
      new DocumentGeneration(
        s,
        c,
        {
          maxHtmlBytes: config.documents.maxHtmlBytes,
          maxImageBytes: config.maxFileSize,
          ...(config.documents.imageSources ? { imageSources: config.documents.imageSources } : {}),
        },
        m,
      );
    const documentDeps = (renderer: symbol): [symbol, symbol, symbol, symbol] => [TOKENS.FileSources, TOKENS.CheckPermission, TOKENS.MarkupMeter, renderer];
    bind(TOKENS.GeneratePdf)
      .toResolvedValue((s: FileSources, c: CheckPermission, m: MarkupMeter, r: DocumentRenderer) => new GeneratePdf(generation(s, c, m), r), documentDeps(TOKENS.PdfRenderer))
      .inSingletonScope();
    bind(TOKENS.GenerateDocx)
      .toResolvedValue((s: FileSources, c: CheckPermission, m: MarkupMeter, r: DocumentRenderer) => new GenerateDocx(generation(s, c, m), r), documentDeps(TOKENS.DocxRenderer))
      .inSingletonScope();
  });
