import { DeleteObjectsCommand, ListObjectsV2Command, type S3Client, type _Object } from '@aws-sdk/client-s3';

export interface ListedLevel {
  files: _Object[];
  /** Full key prefixes of the sub-folders, each ending in `/`. */
  folders: string[];
}

/** Every page of one folder level (`Delimiter: '/'`), following continuation tokens. */
export const listLevel = async (client: S3Client, bucket: string, prefix: string): Promise<ListedLevel> => {
  const level: ListedLevel = { files: [], folders: [] };
  let token: string | undefined;
  do {
    const page = await client.send(
      new ListObjectsV2Command({ Bucket: bucket, Prefix: prefix, Delimiter: '/', ...(token ? { ContinuationToken: token } : {}) }),
    );
    level.files.push(...(page.Contents ?? []));
    level.folders.push(...(page.CommonPrefixes ?? []).flatMap((p) => (p.Prefix ? [p.Prefix] : [])));
    token = page.IsTruncated ? page.NextContinuationToken : undefined;
  } while (token);
  return level;
};

/** Every key below a prefix, page by page, without holding them all. */
export async function* keysUnder(client: S3Client, bucket: string, prefix: string): AsyncGenerator<_Object[]> {
  let token: string | undefined;
  do {
    const page = await client.send(new ListObjectsV2Command({ Bucket: bucket, Prefix: prefix, ...(token ? { ContinuationToken: token } : {}) }));
    if (page.Contents?.length) yield page.Contents;
    token = page.IsTruncated ? page.NextContinuationToken : undefined;
  } while (token);
}

/** True when at least one key starts with the prefix (a folder marker counts). */
export const anyKeyUnder = async (client: S3Client, bucket: string, prefix: string): Promise<boolean> => {
  const page = await client.send(new ListObjectsV2Command({ Bucket: bucket, Prefix: prefix, MaxKeys: 1 }));
  return (page.KeyCount ?? page.Contents?.length ?? 0) > 0;
};

/** Deletes keys in batches of 1000 (the DeleteObjects limit); throws when any key could not be deleted. */
export const deleteKeys = async (client: S3Client, bucket: string, keys: string[]): Promise<void> => {
  for (let start = 0; start < keys.length; start += 1000) {
    const batch = keys.slice(start, start + 1000);
    const result = await client.send(
      new DeleteObjectsCommand({ Bucket: bucket, Delete: { Objects: batch.map((Key) => ({ Key })), Quiet: true } }),
    );
    if (result.Errors?.length) throw new Error(`Could not delete ${result.Errors.length} object(s): ${result.Errors[0]?.Message ?? 'unknown error'}`);
  }
};
