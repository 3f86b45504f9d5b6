/** One sample line of the Prometheus text exposition format. */
export interface PrometheusSample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

export interface PrometheusScrape {
  /** Metric family name -> its TYPE (counter, gauge, histogram, summary, untyped). */
  types: Map<string, string>;
  samples: PrometheusSample[];
  /** The value of the one sample with this name whose labels include `labels`; undefined when none. */
  value(name: string, labels?: Record<string, string>): number | undefined;
  /** The sum over every sample with this name whose labels include `labels` (0 when none). */
  sum(name: string, labels?: Record<string, string>): number;
}

const SAMPLE = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})?\s+(\S+)(?:\s+-?\d+)?$/;
const LABEL = /\s*([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"\s*(?:,|$)/y;
const HISTOGRAM_SUFFIXES = ['_bucket', '_sum', '_count'];

/**
 * Parses the text format (version 0.0.4) strictly enough for tests to fail on a malformed
 * exposition: every sample belongs to a family declared by a `# TYPE` line before it, labels are
 * well-formed, values are numbers.
 */
export function parsePrometheusText(text: string): PrometheusScrape {
  const types = new Map<string, string>();
  const samples: PrometheusSample[] = [];
  for (const [index, line] of text.split('\n').entries()) {
    if (line.trim() === '') continue;
    if (line.startsWith('#')) {
      const type = /^# TYPE ([a-zA-Z_:][a-zA-Z0-9_:]*) (counter|gauge|histogram|summary|untyped)$/.exec(line);
      if (type) types.set(type[1], type[2]);
      else if (!/^# HELP [a-zA-Z_:][a-zA-Z0-9_:]* /.test(line)) throw new Error(`Line ${index + 1}: bad comment: ${line}`);
      continue;
    }
    const match = SAMPLE.exec(line);
    if (!match) throw new Error(`Line ${index + 1}: not a sample: ${line}`);
    const [, name, labelText = '', valueText] = match;
    const family = familyOf(name, types);
    if (!family) throw new Error(`Line ${index + 1}: ${name} has no # TYPE before it`);
    const value = valueText === '+Inf' ? Infinity : valueText === '-Inf' ? -Infinity : Number(valueText);
    // Prometheus reads NaN in any case (Go's ParseFloat); prom-client writes `Nan` (an event-loop lag not measured yet).
    if (Number.isNaN(value) && !/^nan$/i.test(valueText)) throw new Error(`Line ${index + 1}: bad value ${valueText}: ${line}`);
    samples.push({ name, labels: parseLabels(labelText, index + 1), value });
  }
  const matching = (name: string, labels: Record<string, string>) =>
    samples.filter((sample) => sample.name === name && Object.entries(labels).every(([key, value]) => sample.labels[key] === value));
  return {
    types,
    samples,
    value(name, labels = {}) {
      const found = matching(name, labels);
      if (found.length > 1) throw new Error(`${found.length} samples of ${name} match ${JSON.stringify(labels)}`);
      return found[0]?.value;
    },
    sum: (name, labels = {}) => matching(name, labels).reduce((total, sample) => total + sample.value, 0),
  };
}

function familyOf(name: string, types: Map<string, string>): string | undefined {
  if (types.has(name)) return name;
  const suffix = HISTOGRAM_SUFFIXES.find((candidate) => name.endsWith(candidate));
  const base = suffix ? name.slice(0, -suffix.length) : undefined;
  return base && types.has(base) ? base : undefined;
}

function parseLabels(text: string, line: number): Record<string, string> {
  const labels: Record<string, string> = {};
  LABEL.lastIndex = 0;
  while (LABEL.lastIndex < text.length) {
    const match = LABEL.exec(text);
    if (!match) throw new Error(`Line ${line}: bad labels {${text}}`);
    labels[match[1]] = match[2].replace(/\\(.)/g, (_all, character: string) => (character === 'n' ? '\n' : character));
  }
  return labels;
}
