import { formatBytes, type Terminal } from '../terminal.js';

/**
 * Upload progress on stderr, per file: on a terminal one line redrawn at most
 * ten times a second; otherwise (a log, a pipe) a line at every tenth of the
 * file, so the output stays short. The last line of a file is always written,
 * at 100% or where a refused file stopped.
 */
export class UploadProgress {
  constructor(private readonly terminal: Terminal) {}

  async *track(name: string, total: number, content: AsyncIterable<Uint8Array>): AsyncIterable<Uint8Array> {
    let done = 0;
    let lastTenth = -1;
    let lastDraw = 0;
    let ended = false;
    const report = (final: boolean) => {
      const percent = total === 0 ? 100 : Math.min(100, Math.floor((done / total) * 100));
      const text = `${name}: ${formatBytes(done)} of ${formatBytes(total)} (${percent}%)`;
      if (final) ended = true;
      if (this.terminal.interactive) {
        if (!final && Date.now() - lastDraw < 100) return;
        lastDraw = Date.now();
        this.terminal.err(`\r\x1b[K${text}${final ? '\n' : ''}`);
      } else if (final || Math.floor(percent / 10) > lastTenth) {
        lastTenth = Math.floor(percent / 10);
        this.terminal.errLine(text);
      }
    };
    try {
      for await (const chunk of content) {
        done += chunk.byteLength;
        report(done >= total);
        yield chunk;
      }
    } finally {
      if (!ended) report(true);
    }
  }
}
