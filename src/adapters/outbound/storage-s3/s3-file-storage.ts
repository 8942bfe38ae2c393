import { DeleteObjectCommand, GetObjectCommand, HeadObjectCommand, PutObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import type { Readable } from 'node:stream';
import { lookup } from 'mime-types';
import { AlreadyExistsError, InvalidInputError, NotFoundError } from '../../../domain/errors.js';
import type { StoredEntry } from '../../../domain/files/file-entry.js';
import { FileName } from '../../../domain/files/file-name.js';
import type { SafePath } from '../../../domain/files/safe-path.js';
import type { FileStorage, WriteOptions, WriteResult } from '../../../ports/file-storage.js';
import { numberedName } from '../../../domain/files/suggested-file-name.js';
import { isS3NotFound, isS3PreconditionFailed } from './s3-errors.js';
import { S3Keys } from './s3-keys.js';
import { anyKeyUnder, deleteKeys, keysUnder, listLevel } from './s3-listing.js';
import { moveFolder, moveObject } from './s3-move.js';
import { uploadStream, type UploadSettings } from './s3-upload.js';

export interface S3FileStorageOptions extends UploadSettings {
  client: S3Client;
  bucket: string;
  /** Key prefix of this source's root inside the bucket ('' for the whole bucket). */
  prefix: string;
}

// Folders from a listing carry no date (S3 stores none for a prefix).
const UNKNOWN_DATE = new Date(0);
const MAX_COPY_BYTES = 5 * 1024 ** 3;

const nameOf = (raw: string): FileName | undefined => {
  try {
    return FileName.parse(raw);
  } catch {
    return undefined; // a key the API could never address, such as `a//b`
  }
};

/**
 * Files in an S3 bucket (or anything speaking its protocol) under one key
 * prefix. A folder is a key prefix: it exists when its `name/` marker object
 * exists or any key starts with it; `createFolder` writes the marker.
 */
export class S3FileStorage implements FileStorage {
  private readonly keys: S3Keys;

  constructor(private readonly options: S3FileStorageOptions) {
    this.keys = new S3Keys(options.prefix);
  }

  private get client(): S3Client {
    return this.options.client;
  }

  private get bucket(): string {
    return this.options.bucket;
  }

  async list(folder: SafePath): Promise<StoredEntry[]> {
    const prefix = this.keys.folder(folder);
    const level = await listLevel(this.client, this.bucket, prefix);
    if (!folder.isRoot && level.files.length === 0 && level.folders.length === 0) {
      throw new NotFoundError(`Folder "${folder.toString()}" not found`);
    }
    const entries = new Map<string, StoredEntry>();
    for (const object of level.files) {
      const name = nameOf(this.keys.relative(prefix, object.Key ?? ''));
      if (name) entries.set(name.value, { name, kind: 'file', size: object.Size ?? 0, modifiedAt: object.LastModified ?? UNKNOWN_DATE });
    }
    for (const folderPrefix of level.folders) {
      const name = nameOf(this.keys.relative(prefix, folderPrefix).slice(0, -1));
      // A file and a folder of one name can coexist in S3; the file wins, as in `stat`.
      if (name && !entries.has(name.value)) entries.set(name.value, { name, kind: 'folder', size: 0, modifiedAt: UNKNOWN_DATE });
    }
    return [...entries.values()];
  }

  async stat(path: SafePath): Promise<StoredEntry | undefined> {
    const name = path.name ?? FileName.parse('root');
    if (path.isRoot) return { name, kind: 'folder', size: 0, modifiedAt: UNKNOWN_DATE };
    const head = await this.head(this.keys.file(path));
    if (head) return { name, kind: 'file', size: head.size, modifiedAt: head.modifiedAt };
    if (await this.folderExists(path)) return { name, kind: 'folder', size: 0, modifiedAt: UNKNOWN_DATE };
    return undefined;
  }

  async createFolder(path: SafePath): Promise<void> {
    await this.requireParent(path);
    if (await this.stat(path)) throw new AlreadyExistsError(`"${path.toString()}" already exists`);
    try {
      await this.client.send(
        new PutObjectCommand({ Bucket: this.bucket, Key: this.keys.folder(path), Body: '', ContentLength: 0, ...this.ifAbsent() }),
      );
    } catch (error) {
      if (isS3PreconditionFailed(error)) throw new AlreadyExistsError(`"${path.toString()}" already exists`);
      throw error;
    }
  }

  async read(path: SafePath): Promise<AsyncIterable<Uint8Array>> {
    if (path.isRoot) throw new NotFoundError('The root is not a file');
    try {
      const object = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: this.keys.file(path) }));
      return object.Body as Readable;
    } catch (error) {
      if (isS3NotFound(error)) throw new NotFoundError(`File "${path.toString()}" not found`);
      throw error;
    }
  }

  /**
   * Without `overwrite`, a HEAD refuses a taken name early, and with
   * `conditionalWrites` the server refuses it again atomically at the end.
   * A server without conditional writes leaves a window between the HEAD and
   * the end of the upload in which two writers of one new name both succeed
   * (the last one wins); see README, "S3 storage".
   */
  async write(requested: SafePath, content: AsyncIterable<Uint8Array>, options: WriteOptions = {}): Promise<WriteResult> {
    await this.requireParent(requested);
    const path = options.numberOnConflict && !options.overwrite ? await this.freeName(requested) : requested;
    const existing = await this.stat(path);
    if (existing && (!options.overwrite || existing.kind === 'folder')) throw new AlreadyExistsError(`"${path.toString()}" already exists`);
    const contentType = lookup(path.name!.value);
    const { size } = await uploadStream(
      {
        client: this.client,
        bucket: this.bucket,
        key: this.keys.file(path),
        content,
        ...(options.maxBytes === undefined ? {} : { maxBytes: options.maxBytes }),
        ...(options.overwrite ? { overwrite: true } : {}),
        ...(contentType ? { contentType } : {}),
      },
      this.options,
    );
    return { size, path };
  }

  /** The first of `name`, `name-1`, … that is free now; with conditional writes a late clash still ends in 409, never an overwrite. */
  private async freeName(path: SafePath): Promise<SafePath> {
    for (let n = 0; n < 10_000; n++) {
      const candidate = n === 0 ? path : path.parent.join(numberedName(path.name!, n));
      if (!(await this.stat(candidate))) return candidate;
    }
    throw new AlreadyExistsError(`"${path.toString()}" already exists`);
  }

  async remove(path: SafePath): Promise<void> {
    const existing = path.isRoot ? undefined : await this.stat(path);
    if (!existing) throw new NotFoundError(`"${path.toString()}" not found`);
    if (existing.kind === 'folder') throw new InvalidInputError(`"${path.toString()}" is a folder`);
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: this.keys.file(path) }));
  }

  /** Deletes every key below the folder, page by page; its marker goes last, so an interrupted removal leaves the folder visible. */
  async removeFolder(path: SafePath): Promise<void> {
    if (path.isRoot) throw new InvalidInputError('The root of a source cannot be removed');
    if (!(await this.folderExists(path))) throw new NotFoundError(`Folder "${path.toString()}" not found`);
    const marker = this.keys.folder(path);
    for await (const page of keysUnder(this.client, this.bucket, marker)) {
      await deleteKeys(this.client, this.bucket, page.flatMap((o) => (o.Key && o.Key !== marker ? [o.Key] : [])));
    }
    await deleteKeys(this.client, this.bucket, [marker]);
  }

  async move(from: SafePath, to: SafePath): Promise<void> {
    if (from.isRoot || to.isWithin(from)) throw new InvalidInputError('A folder cannot be moved into itself');
    const source = await this.stat(from);
    if (!source) throw new NotFoundError(`"${from.toString()}" not found`);
    await this.requireParent(to);
    if (await this.stat(to)) throw new AlreadyExistsError(`"${to.toString()}" already exists`);
    if (source.kind === 'file') {
      if (source.size > MAX_COPY_BYTES) throw new InvalidInputError('Files over 5 GB cannot be moved in S3 storage');
      await moveObject(this.client, this.bucket, this.keys.file(from), this.keys.file(to), from.toString());
      return;
    }
    await moveFolder({
      client: this.client,
      bucket: this.bucket,
      fromPrefix: this.keys.folder(from),
      toPrefix: this.keys.folder(to),
      describe: (key) => from.toFolderString() + key.slice(this.keys.folder(from).length),
    });
  }

  private ifAbsent(): { IfNoneMatch?: string } {
    return this.options.conditionalWrites ? { IfNoneMatch: '*' } : {};
  }

  private async head(key: string): Promise<{ size: number; modifiedAt: Date } | undefined> {
    try {
      const head = await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: key }));
      return { size: head.ContentLength ?? 0, modifiedAt: head.LastModified ?? UNKNOWN_DATE };
    } catch (error) {
      if (isS3NotFound(error)) return undefined;
      throw error;
    }
  }

  private folderExists(path: SafePath): Promise<boolean> {
    return path.isRoot ? Promise.resolve(true) : anyKeyUnder(this.client, this.bucket, this.keys.folder(path));
  }

  private async requireParent(path: SafePath): Promise<void> {
    if (!path.name) throw new InvalidInputError('A name is required');
    if ((await this.stat(path.parent))?.kind !== 'folder') throw new NotFoundError(`Folder "${path.parent.toString()}" not found`);
  }
}
