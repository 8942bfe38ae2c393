import type { Request, Response } from 'express';

const PAGE = (label: string, color: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="100" height="100" viewBox="0 0 100 100"><path d="M24 8h36l20 20v64H24z" fill="#fff" stroke="${color}" stroke-width="4"/><path d="M60 8v20h20" fill="none" stroke="${color}" stroke-width="4"/><text x="52" y="72" font-family="sans-serif" font-size="16" font-weight="bold" text-anchor="middle" fill="${color}">${label}</text></svg>`;

const FOLDER =
  '<svg xmlns="http://www.w3.org/2000/svg" width="100" height="100" viewBox="0 0 100 100"><path d="M8 24h30l8 8h46v48H8z" fill="#f6c85f" stroke="#c9971c" stroke-width="4"/></svg>';

const COLORS: Record<string, string> = { pdf: '#c62828', doc: '#1565c0', docx: '#1565c0', odt: '#1565c0', xls: '#2e7d32', xlsx: '#2e7d32', ods: '#2e7d32', csv: '#2e7d32', zip: '#6d4c41' };

/**
 * `<mount>/icons/<folder|extension>.svg`: the picture the file browser shows
 * for folders and files that are not images (without one it would load the
 * file itself as a picture). Static, so cached for a day.
 */
export const serveIcon = (req: Request, res: Response): void => {
  const name = String(req.params.name ?? '').toLowerCase();
  if (!/^[a-z0-9]{1,8}$/.test(name)) {
    res.status(404).json({ success: false, data: { code: 404, messages: ['No such icon'] } });
    return;
  }
  res.setHeader('Content-Type', 'image/svg+xml');
  res.setHeader('Cache-Control', 'public, max-age=86400');
  res.setHeader('X-Content-Type-Options', 'nosniff');
  res.setHeader('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'");
  res.setHeader('Cross-Origin-Resource-Policy', 'cross-origin');
  res.send(name === 'folder' ? FOLDER : PAGE(name === 'file' ? '' : name.toUpperCase(), COLORS[name] ?? '#546e7a'));
};

/** Where the icon for an entry is served, absolute so the client uses it as is (`thumbIsAbsolute`). */
export const iconUrl = (iconsBase: string, kind: 'file' | 'folder', extension: string): string =>
  `${iconsBase}${kind === 'folder' ? 'folder' : /^[a-z0-9]{1,8}$/.test(extension) ? extension : 'file'}.svg`;
