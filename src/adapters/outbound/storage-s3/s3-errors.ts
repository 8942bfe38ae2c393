/** The HTTP status an S3 SDK error carries, if any. */
export const s3Status = (error: unknown): number | undefined =>
  (error as { $metadata?: { httpStatusCode?: number } } | undefined)?.$metadata?.httpStatusCode;

export const isS3NotFound = (error: unknown): boolean => s3Status(error) === 404;

/** 412: a conditional write (`If-None-Match: *`) found the key taken. */
export const isS3PreconditionFailed = (error: unknown): boolean => s3Status(error) === 412;
