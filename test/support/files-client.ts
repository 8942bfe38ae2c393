import type { RunningServer } from '../../src/adapters/inbound/http/server.js';

export interface Answer {
  status: number;
  body: any;
  headers: Headers;
}

/** Talks to the file connector the way the Jodit client does: urlencoded POSTs with bracket notation. */
export const filesClient = (server: RunningServer, headers: Record<string, string> = {}) => {
  const read = async (response: Response): Promise<Answer> => {
    const text = await response.text();
    let body: unknown = text;
    try {
      body = JSON.parse(text);
    } catch {
      /* not JSON: a download */
    }
    return { status: response.status, body, headers: response.headers };
  };
  return {
    post: async (action: string, form: Record<string, string | string[]> = {}): Promise<Answer> => {
      const body = new URLSearchParams({ action });
      for (const [key, value] of Object.entries(form)) {
        for (const item of Array.isArray(value) ? value : [value]) body.append(Array.isArray(value) ? `${key}[]` : key, item);
      }
      return read(await fetch(`${server.url}/`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers }, body }));
    },
    get: async (query: string): Promise<Answer> => read(await fetch(`${server.url}/?${query}`, { headers })),
    upload: async (files: { name: string; content: string | Uint8Array }[], fields: Record<string, string> = {}, query = ''): Promise<Answer> => {
      const form = new FormData();
      for (const [key, value] of Object.entries(fields)) form.append(key, value);
      files.forEach((file, i) => form.append(`files[${i}]`, new Blob([file.content as BlobPart]), file.name));
      return read(await fetch(`${server.url}/?action=fileUpload${query}`, { method: 'POST', body: form, headers }));
    },
  };
};
