import { request, type ClientRequest } from 'node:http';
import type { RunningServer } from '../../../src/adapters/inbound/http/server.js';
import { recordedFetch, recordResponse } from './recorder.js';

export interface Answer {
  status: number;
  /** Parsed JSON, or the text when the answer is not JSON (a download). */
  body: any;
  text: string;
  headers: Headers;
}

const answer = (response: Response, text: string): Answer => {
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    /* a download */
  }
  return { status: response.status, body, text, headers: response.headers };
};

/**
 * The file connector over real HTTP, the way the Jodit client talks to it,
 * every answer recorded. `form` values that are arrays go as `key[]`.
 */
export const hardeningFilesClient = (server: RunningServer, headers: Record<string, string> = {}, prefix = '/') => {
  const base = `${server.url}${prefix}`;
  return {
    post: async (action: string, form: Record<string, string | string[]> = {}): Promise<Answer> => {
      const body = new URLSearchParams({ action });
      for (const [key, value] of Object.entries(form)) {
        for (const item of Array.isArray(value) ? value : [value]) body.append(Array.isArray(value) ? `${key}[]` : key, item);
      }
      const { response, text } = await recordedFetch(base, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers }, body });
      return answer(response, text);
    },
    get: async (query: string): Promise<Answer> => {
      const { response, text } = await recordedFetch(`${base}?${query}`, { headers });
      return answer(response, text);
    },
    /** Any URL on the server (a source's files at its baseurl), recorded. */
    fetch: async (urlPath: string, init: RequestInit = {}): Promise<Answer> => {
      const { response, text } = await recordedFetch(`${server.url}${urlPath}`, { ...init, headers: { ...headers, ...(init.headers as Record<string, string>) } });
      return answer(response, text);
    },
    upload: async (files: { name: string; content: string | Uint8Array }[], fields: Record<string, string> = {}, query = ''): Promise<Answer> => {
      const form = new FormData();
      for (const [key, value] of Object.entries(fields)) form.append(key, value);
      files.forEach((file, i) => form.append(`files[${i}]`, new Blob([file.content as BlobPart]), file.name));
      const { response, text } = await recordedFetch(`${base}?action=fileUpload${query}`, { method: 'POST', body: form, headers, signal: AbortSignal.timeout(30_000) });
      return answer(response, text);
    },
  };
};

const drainedOrClosed = (req: ClientRequest): Promise<void> =>
  new Promise((resolve) => {
    const done = () => {
      req.off('drain', done).off('close', done);
      resolve();
    };
    req.on('drain', done).on('close', done);
  });

/**
 * A GET whose path goes exactly as given (fetch would resolve `..` segments
 * before sending), recorded. Characters a request line cannot carry are
 * percent-encoded; dots, backslashes and `%` go as they are.
 */
export const rawGet = (server: RunningServer, urlPath: string): Promise<Answer> =>
  new Promise((resolve, reject) => {
    const { port } = new URL(server.url);
    const line = urlPath.replace(/[^\x21-\x7e]|#|\?/gu, (c) => {
      try {
        return encodeURIComponent(c);
      } catch {
        return '%EF%BF%BD'; // a lone surrogate
      }
    });
    const req = request({ host: '127.0.0.1', port, method: 'GET', path: line }, (res) => {
      const parts: Buffer[] = [];
      res.on('data', (chunk: Buffer) => parts.push(chunk));
      res.on('end', () => {
        const text = Buffer.concat(parts).toString('utf8');
        recordResponse(`GET ${line} (raw)`, res.statusCode ?? 0, res.headers, text);
        const headers = new Headers();
        for (const [name, value] of Object.entries(res.headers)) if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(', ') : value);
        let body: unknown = text;
        try {
          body = JSON.parse(text);
        } catch {
          /* not JSON */
        }
        resolve({ status: res.statusCode ?? 0, body, text, headers });
      });
    });
    req.on('error', reject);
    req.end();
  });

export const BOUNDARY = '----hardening-boundary';

/** The start of a multipart body up to the first file's bytes, written by hand (names a FormData would escape go as they are). */
export const multipartHead = (fileName: string, fields: Record<string, string> = {}, disposition?: string): Buffer =>
  Buffer.from(
    [
      ...Object.entries(fields).map(([name, value]) => `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
      `--${BOUNDARY}\r\nContent-Disposition: ${disposition ?? `form-data; name="files[0]"; filename="${fileName}"`}\r\nContent-Type: application/octet-stream\r\n\r\n`,
    ].join(''),
    'utf8',
  );

export const multipartTail = Buffer.from(`\r\n--${BOUNDARY}--\r\n`);

/**
 * A raw POST with node's http client, the body written chunk by chunk; the
 * answer is recorded. Resolves with the status and text, or rejects when
 * no answer comes within `timeoutMs` (a server that hangs fails the test).
 */
export const rawPost = (server: RunningServer, urlPath: string, chunks: Iterable<Buffer>, headers: Record<string, string>, timeoutMs = 30_000): Promise<{ status: number; text: string }> =>
  new Promise((resolve, reject) => {
    const { port } = new URL(server.url);
    const req = request({ host: '127.0.0.1', port, method: 'POST', path: urlPath, headers }, (res) => {
      const parts: Buffer[] = [];
      res.on('data', (chunk: Buffer) => parts.push(chunk));
      res.on('end', () => {
        const text = Buffer.concat(parts).toString('utf8');
        recordResponse(`POST ${urlPath} (raw)`, res.statusCode ?? 0, res.headers, text);
        clearTimeout(timer);
        resolve({ status: res.statusCode ?? 0, text });
      });
    });
    const timer = setTimeout(() => {
      req.destroy();
      reject(new Error(`no answer within ${timeoutMs} ms`));
    }, timeoutMs);
    // The server may answer and close before the whole body is sent: that is an answer, not an error.
    req.on('error', (error) => setTimeout(() => reject(error), 1000).unref());
    void (async () => {
      for (const chunk of chunks) {
        if (req.destroyed) return;
        if (!req.write(chunk)) await drainedOrClosed(req);
      }
      req.end();
    })();
  });
