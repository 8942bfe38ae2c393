import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export interface Row {
  scenario: string;
  /** Our figure and the floor's, in `unit`. */
  ours: number;
  floor?: number;
  unit: string;
  /** ours/floor, or floor/ours for throughputs, as stated in `ratioNote`. */
  ratio?: number;
  p50?: string;
  p99?: string;
  memory?: string;
  target?: string;
  met?: boolean;
}

export interface Series {
  name: string;
  points: { x: number; y: number }[];
}

export interface Chart {
  file: string;
  title: string;
  xLabel: string;
  yLabel: string;
  series: Series[];
}

const cell = (value: unknown) => (value === undefined || value === '' ? '–' : String(value));

export const toMarkdown = (rows: readonly Row[], meta: string): string => {
  const header = '| scenario | ours | floor | ratio | p50 | p99 | memory | target | met |\n|---|---|---|---|---|---|---|---|---|\n';
  const body = rows
    .map((r) =>
      `| ${r.scenario} | ${cell(r.ours)} ${r.unit} | ${r.floor === undefined ? '–' : `${r.floor} ${r.unit}`} | ${cell(r.ratio)} | ${cell(r.p50)} | ${cell(r.p99)} | ${cell(r.memory)} | ${cell(r.target)} | ${r.met === undefined ? '–' : r.met ? 'yes' : '**no**'} |`,
    )
    .join('\n');
  return `# Benchmark results\n\n${meta}\n\n${header}${body}\n`;
};

const COLORS = ['#1f77b4', '#d62728', '#2ca02c', '#ff7f0e', '#9467bd', '#8c564b'];

/** A plain SVG line chart: no dependency, readable in any browser or on GitHub. */
export const toSvg = (chart: Chart): string => {
  const width = 640;
  const height = 360;
  const pad = { left: 60, right: 160, top: 40, bottom: 50 };
  const all = chart.series.flatMap((s) => s.points);
  const xs = [...new Set(all.map((p) => p.x))].sort((a, b) => a - b);
  const maxY = Math.max(...all.map((p) => p.y), 1) * 1.1;
  const xAt = (x: number) => pad.left + (xs.indexOf(x) / Math.max(xs.length - 1, 1)) * (width - pad.left - pad.right);
  const yAt = (y: number) => height - pad.bottom - (y / maxY) * (height - pad.top - pad.bottom);
  const lines = chart.series
    .map((s, i) => {
      const color = COLORS[i % COLORS.length];
      const d = s.points.map((p, j) => `${j === 0 ? 'M' : 'L'}${xAt(p.x).toFixed(1)},${yAt(p.y).toFixed(1)}`).join(' ');
      const dots = s.points.map((p) => `<circle cx="${xAt(p.x).toFixed(1)}" cy="${yAt(p.y).toFixed(1)}" r="3" fill="${color}"/>`).join('');
      const legendY = pad.top + i * 18;
      return `<path d="${d}" fill="none" stroke="${color}" stroke-width="2"/>${dots}<rect x="${width - pad.right + 10}" y="${legendY - 8}" width="10" height="10" fill="${color}"/><text x="${width - pad.right + 25}" y="${legendY + 1}" font-size="11">${s.name}</text>`;
    })
    .join('');
  const ticks = [0, 0.25, 0.5, 0.75, 1]
    .map((f) => {
      const y = yAt(maxY * f);
      return `<line x1="${pad.left}" x2="${width - pad.right}" y1="${y}" y2="${y}" stroke="#eee"/><text x="${pad.left - 6}" y="${y + 4}" font-size="10" text-anchor="end">${(maxY * f).toFixed(1)}</text>`;
    })
    .join('');
  const xTicks = xs.map((x) => `<text x="${xAt(x)}" y="${height - pad.bottom + 16}" font-size="10" text-anchor="middle">${x}</text>`).join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" font-family="sans-serif"><rect width="100%" height="100%" fill="white"/><text x="${width / 2}" y="22" font-size="14" text-anchor="middle">${chart.title}</text>${ticks}${xTicks}<text x="${(pad.left + width - pad.right) / 2}" y="${height - 12}" font-size="11" text-anchor="middle">${chart.xLabel}</text><text x="14" y="${height / 2}" font-size="11" text-anchor="middle" transform="rotate(-90 14 ${height / 2})">${chart.yLabel}</text>${lines}</svg>\n`;
};

export const writeReport = (dir: string, rows: readonly Row[], charts: readonly Chart[], meta: string, name = 'latest.md'): string => {
  mkdirSync(dir, { recursive: true });
  const chartLinks = charts.map((c) => `![${c.title}](${c.file})`).join('\n\n');
  writeFileSync(path.join(dir, name), `${toMarkdown(rows, meta)}\n${chartLinks}\n`);
  for (const chart of charts) writeFileSync(path.join(dir, chart.file), toSvg(chart));
  return path.join(dir, name);
};
