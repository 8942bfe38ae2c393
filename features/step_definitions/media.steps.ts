import assert from 'node:assert/strict';
import { Given, Then, When } from '@cucumber/cucumber';
import type { CropImage } from '../../src/application/files/crop-image.js';
import type { GeneratedDocument } from '../../src/application/files/document-generation.js';
import type { GenerateDocx } from '../../src/application/files/generate-docx.js';
import type { GeneratePdf } from '../../src/application/files/generate-pdf.js';
import type { SourceListing } from '../../src/application/files/list-files.js';
import type { ResizeImage } from '../../src/application/files/resize-image.js';
import type { UploadedRemoteFile, UploadRemoteFile } from '../../src/application/files/upload-remote-file.js';
import { TOKENS } from '../../src/ports/tokens.js';
import { FakeImageProcessor } from '../../test/fakes/fake-image-processor.js';
import type { EditorWorld } from '../support/world.js';

Given('the source {string} holds the image {string} of {int}x{int}', async function (this: EditorWorld, source: string, path: string, width: number, height: number) {
  const format = path.endsWith('.png') ? 'png' : 'jpeg';
  await this.seed(source, path, FakeImageProcessor.image(width, height, format), new Date(Date.now() - 60_000));
});

Given('the source {string} holds {int} images', async function (this: EditorWorld, source: string, count: number) {
  for (let i = 1; i <= count; i++) await this.seed(source, `pic-${i}.png`, FakeImageProcessor.image(400, 300, 'png'));
});

Given('the internet serves {string} as {string}', function (this: EditorWorld, url: string, contentType: string) {
  this.internet.publish(url, { body: 'remote bytes', contentType });
});

Given('the internet serves {string} as {string} named {string}', function (this: EditorWorld, url: string, contentType: string, name: string) {
  this.internet.publish(url, { body: 'remote bytes', contentType, contentDisposition: `attachment; filename="${name}"` });
});

const resize = (world: EditorWorld, role: string, name: string, source: string, w: string, h: string, newname?: string) =>
  world.attempt(() => world.container.get<ResizeImage>(TOKENS.ResizeImage).execute({ role, source, name, box: { w, h }, ...(newname ? { newname } : {}) }));

When('{string} resizes {string} of the source {string} to width {string} and height {string}', function (this: EditorWorld, role: string, name: string, source: string, w: string, h: string) {
  return resize(this, role, name, source, w, h);
});

When('{string} resizes {string} of the source {string} to width {string} and height {string} as {string}', function (this: EditorWorld, role: string, name: string, source: string, w: string, h: string, newname: string) {
  return resize(this, role, name, source, w, h, newname);
});

const crop = (world: EditorWorld, role: string, name: string, source: string, box: string, newname?: string) => {
  const [x, y, w, h] = box.split(',');
  return world.attempt(() => world.container.get<CropImage>(TOKENS.CropImage).execute({ role, source, name, box: { x, y, w, h }, ...(newname ? { newname } : {}) }));
};

When('{string} crops {string} of the source {string} to {string}', function (this: EditorWorld, role: string, name: string, source: string, box: string) {
  return crop(this, role, name, source, box);
});

When('{string} crops {string} of the source {string} to {string} as {string}', function (this: EditorWorld, role: string, name: string, source: string, box: string, newname: string) {
  return crop(this, role, name, source, box, newname);
});

When('{string} uploads {string} to the folder {string} of the source {string}', function (this: EditorWorld, role: string, url: string, path: string, source: string) {
  return this.attempt(() => this.container.get<UploadRemoteFile>(TOKENS.UploadRemoteFile).execute({ role, url, path, source }));
});

const generate = (world: EditorWorld, kind: 'pdf' | 'docx', role: string, html: string) =>
  world.attempt(() =>
    kind === 'pdf'
      ? world.container.get<GeneratePdf>(TOKENS.GeneratePdf).execute({ role, html })
      : world.container.get<GenerateDocx>(TOKENS.GenerateDocx).execute({ role, html }),
  );

When('{string} generates a PDF from {string}', function (this: EditorWorld, role: string, html: string) {
  return generate(this, 'pdf', role, html);
});

When('{string} generates a DOCX from {string}', function (this: EditorWorld, role: string, html: string) {
  return generate(this, 'docx', role, html);
});

When('{string} generates a PDF from {int} bytes of HTML', function (this: EditorWorld, role: string, size: number) {
  return generate(this, 'pdf', role, `<p>${'x'.repeat(size)}</p>`);
});

Then('the image {string} of the source {string} is {int}x{int}', async function (this: EditorWorld, path: string, source: string, width: number, height: number) {
  assert.equal(this.error, undefined, String(this.error));
  const content = await this.contentOf(source, path);
  assert.ok(content, `${path} is missing`);
  const info = await this.images.metadata(content);
  assert.deepEqual([info.width, info.height], [width, height]);
});

Then('{string} in the listing of {string} has the thumbnail {string}', function (this: EditorWorld, name: string, source: string, thumb: string) {
  const listing = (this.result as SourceListing[]).find((l) => l.source.name === source)!;
  assert.equal(listing.thumbnails.get(name), thumb);
});

Then('{int} images in the listing of {string} have a thumbnail', function (this: EditorWorld, count: number, source: string) {
  const listing = (this.result as SourceListing[]).find((l) => l.source.name === source)!;
  assert.equal(listing.thumbnails.size, count);
});

Then('the uploaded file is {string}, an image', function (this: EditorWorld, name: string) {
  assert.equal(this.error, undefined, String(this.error));
  const uploaded = this.result as UploadedRemoteFile;
  assert.deepEqual([uploaded.name.value, uploaded.isImage], [name, true]);
});

Then('the uploaded file is {string}, not an image', function (this: EditorWorld, name: string) {
  assert.equal(this.error, undefined, String(this.error));
  const uploaded = this.result as UploadedRemoteFile;
  assert.deepEqual([uploaded.name.value, uploaded.isImage], [name, false]);
});

Then('the source {string} holds {string}', async function (this: EditorWorld, source: string, path: string) {
  assert.ok(await this.contentOf(source, path), `${path} is missing`);
});

Then('nothing was fetched', function (this: EditorWorld) {
  assert.deepEqual(this.internet.requested, []);
});

const documentText = (world: EditorWorld) => {
  assert.equal(world.error, undefined, String(world.error));
  return new TextDecoder().decode((world.result as GeneratedDocument).content);
};

Then('the document is a {string} named {string}', function (this: EditorWorld, contentType: string, fileName: string) {
  documentText(this);
  const document = this.result as GeneratedDocument;
  assert.deepEqual([document.contentType, document.fileName], [contentType, fileName]);
});

Then('the document contains {string}', function (this: EditorWorld, text: string) {
  assert.ok(documentText(this).includes(text), documentText(this));
});

Then('the document embeds the image {string}', function (this: EditorWorld, src: string) {
  assert.match(documentText(this), new RegExp(`^image ${src.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')} `, 'm'));
});

Then(/^the document embeds (\d+) images?$/, function (this: EditorWorld, count: string) {
  assert.equal((documentText(this).match(/^image /gm) ?? []).length, Number(count));
});
