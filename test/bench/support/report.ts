/** What a scenario measured: each figure beside the baseline measured in the same run, and their ratio. */
export interface Figure {
  name: string;
  value: number;
  unit: string;
  /** The same quantity measured on the floor this figure is compared with, in the same run. */
  baseline?: { name: string; value: number };
}

/** One line of the issue-style summary table in docs/benchmarks.md. */
export interface SummaryLine {
  path: string;
  measured: string;
  target: string;
}

export interface ScenarioResult {
  title: string;
  figures: Figure[];
  summary: SummaryLine[];
  /** How it was measured (sizes, durations, what a figure means), for the scenario's section. */
  notes: string[];
  /** Set when the scenario failed: the reason, and the run went on. */
  failed?: string;
  seconds: number;
}

/** Nearest-rank percentile (q in 0..1) of unsorted samples; NaN for none. */
export function percentile(samples: readonly number[], q: number): number {
  if (samples.length === 0) return Number.NaN;
  const sorted = [...samples].sort((a, b) => a - b);
  const rank = Math.ceil(q * sorted.length);
  return sorted[Math.min(sorted.length - 1, Math.max(0, rank - 1))];
}

/** value / baseline, or null when there is no usable baseline. */
export function ratioOf(figure: Figure): number | null {
  if (!figure.baseline || !Number.isFinite(figure.baseline.value) || figure.baseline.value === 0) return null;
  return figure.value / figure.baseline.value;
}

/** Three significant digits, thousands separated: 1,355 / 71.4 / 0.532. */
export function formatNumber(value: number): string {
  if (!Number.isFinite(value)) return String(value);
  const magnitude = Math.abs(value);
  const digits = magnitude >= 100 ? 0 : magnitude >= 10 ? 1 : magnitude >= 1 ? 2 : 3;
  return value.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: 0 });
}

export function formatFigure(value: number, unit: string): string {
  return `${formatNumber(value)} ${unit}`.trim();
}

export function formatRatio(figure: Figure): string {
  const ratio = ratioOf(figure);
  return ratio === null ? '' : `${formatNumber(ratio)}x`;
}

/** A markdown table (also readable on a terminal); cells are escaped for `|`. */
export function markdownTable(header: readonly string[], rows: readonly (readonly string[])[]): string {
  const escape = (cell: string) => cell.replace(/\|/g, '\\|');
  const widths = header.map((title, column) => Math.max(3, title.length, ...rows.map((row) => escape(row[column] ?? '').length)));
  const line = (cells: readonly string[]) => `| ${cells.map((cell, column) => escape(cell).padEnd(widths[column])).join(' | ')} |`;
  return [line(header), `| ${widths.map((width) => '-'.repeat(width)).join(' | ')} |`, ...rows.map(line)].join('\n');
}

export function figuresTable(figures: readonly Figure[]): string {
  return markdownTable(
    ['figure', 'value', 'baseline (same run)', 'baseline value', 'ratio'],
    figures.map((figure) => [
      figure.name,
      formatFigure(figure.value, figure.unit),
      figure.baseline?.name ?? '',
      figure.baseline ? formatFigure(figure.baseline.value, figure.unit) : '',
      formatRatio(figure),
    ]),
  );
}

/** A scenario's rows of the summary table, each figure beside its target, as the console shows them. */
export function summaryTable(summary: readonly SummaryLine[]): string {
  return markdownTable(
    ['path', 'measured', 'target'],
    summary.map((line) => [line.path, line.measured, line.target || '(no target)']),
  );
}

export interface Machine {
  cpu: string;
  cores: number;
  ramGb: number;
  node: string;
  date: string;
  commit: string;
}

/** The whole docs/benchmarks.md: the machine, the summary table, then a section per scenario. */
export function benchmarksMarkdown(options: {
  machine: Machine;
  quick: boolean;
  totalSeconds: number;
  results: readonly { id: string; result: ScenarioResult }[];
  /** With `--profile`: each CPU profile written and its functions with the most self time. */
  profiles?: readonly { file: string; table: string }[];
}): string {
  const { machine, quick, totalSeconds, results, profiles = [] } = options;
  const summary = results.flatMap(({ result }) =>
    result.failed ? [{ path: result.title, measured: `FAILED: ${result.failed}`, target: '' }] : result.summary,
  );
  const sections = results.map(({ id, result }) =>
    [
      `## ${result.title}`,
      '',
      `\`npm run bench -- --only ${id}\` (${formatNumber(result.seconds)} s)`,
      '',
      ...(result.failed ? [`FAILED: ${result.failed}`, ''] : []),
      ...(result.figures.length > 0 ? [figuresTable(result.figures), ''] : []),
      ...result.notes.map((note) => `- ${note}`),
    ].join('\n'),
  );
  return [
    '# Benchmarks',
    '',
    `Written by \`npm run bench${quick ? ' -- --quick' : ''}\` (test/bench/main.ts); do not edit by hand. Every figure stands beside a`,
    'baseline measured in the same run on the same machine, and the ratio between them: absolute numbers move',
    'with whatever else the machine is doing, ratios much less. Where a figure misses its target,',
    '[performance.md](performance.md) says what bounds it, with the profiles that show it.',
    '',
    markdownTable(
      ['machine', ''],
      [
        ['CPU', `${machine.cpu} (${machine.cores} cores)`],
        ['RAM', `${formatNumber(machine.ramGb)} GB`],
        ['Node', machine.node],
        ['date', machine.date],
        ['commit', machine.commit],
        ['run', `${quick ? 'quick (small sizes, short loads)' : 'full'}, ${formatNumber(totalSeconds)} s in all`],
      ],
    ),
    '',
    markdownTable(
      ['path', 'measured', 'target (issues 12, 22)'],
      summary.map((line) => [line.path, line.measured, line.target]),
    ),
    '',
    ...sections.map((section) => `${section}\n`),
    ...(profiles.length > 0
      ? [
          '## CPU profiles (`--profile`)',
          '',
          'Each process the scenarios started (site, CLI) ran with `node --cpu-prof`; the functions with the most self time:',
          '',
          ...profiles.map(({ file, table }) => `${file}\n\n${table}\n`),
        ]
      : []),
  ].join('\n');
}
