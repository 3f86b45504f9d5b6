import { cliStatusSample } from './cli-status.sample';
import { projectionNames } from './cli-status';
import { benchmarksMarkdown, figuresTable, formatNumber, markdownTable, percentile, ratioOf } from './report';

describe('bench report helpers', () => {
  it('takes nearest-rank percentiles of unsorted samples', () => {
    const samples = [5, 1, 4, 2, 3, 10, 9, 8, 7, 6];
    expect(percentile(samples, 0.5)).toBe(5);
    expect(percentile(samples, 0.95)).toBe(10);
    expect(percentile(samples, 0.99)).toBe(10);
    expect(percentile(samples, 0)).toBe(1);
    expect(percentile([42], 0.99)).toBe(42);
    expect(percentile([], 0.5)).toBeNaN();
    expect(samples).toEqual([5, 1, 4, 2, 3, 10, 9, 8, 7, 6]);
  });

  it('gives the ratio to the baseline, and none without a usable baseline', () => {
    expect(ratioOf({ name: 'home', value: 579, unit: 'req/s', baseline: { name: 'express', value: 4454 } })).toBeCloseTo(0.13, 2);
    expect(ratioOf({ name: 'home', value: 579, unit: 'req/s' })).toBeNull();
    expect(ratioOf({ name: 'home', value: 579, unit: 'req/s', baseline: { name: 'express', value: 0 } })).toBeNull();
  });

  it('formats figures to about three significant digits', () => {
    expect(formatNumber(1355.4)).toBe('1,355');
    expect(formatNumber(71.44)).toBe('71.4');
    expect(formatNumber(2.345)).toBe('2.35');
    expect(formatNumber(0.1302)).toBe('0.13');
    expect(formatNumber(Number.NaN)).toBe('NaN');
  });

  it('lays out an aligned markdown table, escaping pipes', () => {
    expect(markdownTable(['path', 'measured'], [['GET /a|b', '1 ms']])).toBe(
      ['| path      | measured |', '| --------- | -------- |', '| GET /a\\|b | 1 ms     |'].join('\n'),
    );
  });

  it('puts each figure beside its baseline and the ratio', () => {
    const table = figuresTable([
      { name: 'home: req/s', value: 500, unit: 'req/s', baseline: { name: 'express', value: 2000 } },
      { name: 'read $all', value: 90_000, unit: 'events/s' },
    ]);
    expect(table.split('\n')[2]).toBe('| home: req/s | 500 req/s       | express             | 2,000 req/s    | 0.25x |');
    expect(table.split('\n')[3]).toBe('| read $all   | 90,000 events/s |                     |                |       |');
  });

  it('writes the machine, the summary and a section per scenario, a failed one with its reason', () => {
    const markdown = benchmarksMarkdown({
      machine: { cpu: 'AMD EPYC', cores: 2, ramGb: 23.5, node: 'v20.20.2', date: '2026-11-25T07:00:00Z', commit: 'abc1234' },
      quick: true,
      totalSeconds: 95,
      results: [
        {
          id: 'reads',
          result: {
            title: 'HTTP reads',
            figures: [{ name: 'home: req/s', value: 500, unit: 'req/s', baseline: { name: 'express', value: 2000 } }],
            summary: [{ path: 'GET /api/Home/', measured: '500 req/s = 0.25x express', target: '>= 0.80x express' }],
            notes: ['50 connections'],
            seconds: 30,
          },
        },
        { id: 'mail', result: { title: 'Mail', figures: [], summary: [], notes: [], failed: 'no Redis', seconds: 0 } },
      ],
    });
    expect(markdown).toContain('| CPU     | AMD EPYC (2 cores)');
    expect(markdown).toContain('| commit  | abc1234');
    expect(markdown).toContain('| GET /api/Home/ | 500 req/s = 0.25x express | >= 0.80x express       |');
    expect(markdown).toContain('| Mail           | FAILED: no Redis          |');
    expect(markdown).toContain('## HTTP reads\n\n`npm run bench -- --only reads` (30 s)');
    expect(markdown).toContain('- 50 connections');
    expect(markdown).toContain('## Mail\n\n`npm run bench -- --only mail` (0 s)\n\nFAILED: no Redis');
  });

  it("reads the projection names from `projections status`'s table", () => {
    expect(projectionNames(cliStatusSample)).toEqual(['home', 'post-view', 'search']);
  });
});
