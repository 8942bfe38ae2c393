import { request } from 'undici';
import { spawnServer } from '../lib/processes.js';
import type { Row } from '../lib/report.js';
import type { Scenario } from '../lib/scenario.js';
import { percentile, round } from '../lib/stats.js';

/** About `pages` A4 pages of mixed content: headings, paragraphs, a list and a table per page. */
export const documentHtml = (pages: number): string =>
  Array.from({ length: pages }, (_, page) => {
    const paragraph = `<p>Page ${page + 1}. <b>Bold</b>, <i>italic</i> and <u>underlined</u> text with a <a href="https://example.com">link</a>. ${'Lorem ipsum dolor sit amet, consectetur adipiscing elit. '.repeat(6)}</p>`;
    const rows = Array.from({ length: 6 }, (_, r) => `<tr><td>Row ${r}</td><td>${r * page}</td><td>${'cell '.repeat(3)}</td></tr>`).join('');
    return `<h1>Chapter ${page + 1}</h1>${paragraph}<ul><li>one</li><li>two</li><li>three</li></ul><table border="1"><tr><th>Name</th><th>Value</th><th>Notes</th></tr>${rows}</table>${paragraph}${paragraph}`;
  }).join('\n');

export const documentsScenario: Scenario = {
  name: 'documents',
  description: 'PDF and DOCX from a 20-page HTML document',
  async run({ smoke, log }) {
    const pages = smoke ? 2 : 20;
    const html = documentHtml(pages);
    const server = await spawnServer({
      files: { sources: { bench: { root: './data/bench-documents' } }, accessControl: [{ role: 'guest', GENERATE_PDF: true, GENERATE_DOCX: true }] },
    });
    const rows: Row[] = [];
    try {
      for (const action of ['generatePdf', 'generateDocx']) {
        const once = async () => {
          const started = performance.now();
          const response = await request(`${server.url}/?action=${action}`, {
            method: 'POST',
            headers: { 'content-type': 'application/x-www-form-urlencoded' },
            body: new URLSearchParams({ action, html }).toString(),
          });
          const body = Buffer.from(await response.body.arrayBuffer());
          if (response.statusCode !== 200) throw new Error(`${action} answered ${response.statusCode}: ${body.toString().slice(0, 200)}`);
          return { ms: performance.now() - started, bytes: body.length };
        };
        await once();
        const results = [];
        for (let i = 0; i < (smoke ? 1 : 5); i++) results.push(await once());
        const p50 = percentile(results.map((r) => r.ms), 50);
        log(`${action}: ${round(p50)} ms for ${pages} pages`);
        rows.push({
          scenario: `${action} ${pages}-page HTML`,
          ours: round(p50),
          unit: 'ms p50',
          p50: `${round((pages * 1000) / p50, 1)} pages/s`,
          p99: `${round(percentile(results.map((r) => r.ms), 99))} ms`,
          memory: `${round(results[0]!.bytes / 1024, 1)} KB output`,
        });
      }
      return { rows };
    } finally {
      await server.stop();
    }
  },
};
