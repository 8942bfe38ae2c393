import type { CropImage } from '../../../../application/files/crop-image.js';
import type { GenerateDocx } from '../../../../application/files/generate-docx.js';
import type { GeneratePdf } from '../../../../application/files/generate-pdf.js';
import type { ResizeImage } from '../../../../application/files/resize-image.js';
import type { UploadRemoteFile } from '../../../../application/files/upload-remote-file.js';
import { NotImplementedError } from '../../../../domain/errors.js';

/** The image, remote-upload and document use cases behind their actions. */
export interface MediaUseCases {
  resizeImage: ResizeImage;
  cropImage: CropImage;
  uploadRemoteFile: UploadRemoteFile;
  generatePdf: GeneratePdf;
  generateDocx: GenerateDocx;
}

/** The use case, or 501 when the host was built without it (an embedder's partial container). */
export const required = <T>(useCase: T | undefined, action: string): T => {
  if (!useCase) throw new NotImplementedError(action);
  return useCase;
};
