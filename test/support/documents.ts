import JSZip from 'jszip';

/** Page count and text of a PDF, read with pdf.js (legacy build: runs in Node without a DOM). */
export const readPdf = async (bytes: Uint8Array): Promise<{ pages: number; text: string }> => {
  const { getDocument } = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const pdf = await getDocument({ data: new Uint8Array(bytes), isEvalSupported: false, useSystemFonts: false, verbosity: 0 }).promise;
  const texts: string[] = [];
  for (let page = 1; page <= pdf.numPages; page++) {
    const content = await (await pdf.getPage(page)).getTextContent();
    texts.push(content.items.map((item) => ('str' in item ? item.str : '')).join(' '));
  }
  const pages = pdf.numPages;
  await pdf.destroy();
  return { pages, text: texts.join('\n') };
};

/** The text of a DOCX body: `word/document.xml` runs, or the HTML of an altChunk when that is all there is. */
export const readDocx = async (bytes: Uint8Array): Promise<{ documentXml: string; text: string; altChunk?: string }> => {
  const zip = await JSZip.loadAsync(bytes);
  const documentXml = (await zip.file('word/document.xml')?.async('string')) ?? '';
  const text = [...documentXml.matchAll(/<w:t(?:\s[^>]*)?>([^<]*)<\/w:t>/g)].map((m) => m[1]).join(' ');
  const chunk = Object.keys(zip.files).find((name) => /afchunk/i.test(name));
  const altChunk = chunk ? await zip.file(chunk)!.async('string') : undefined;
  return { documentXml, text, ...(altChunk === undefined ? {} : { altChunk }) };
};
