import type { Figure, SummaryLine } from './report';

export interface BenchContext {
  /** `--quick`: a small version of every scenario (the whole run in under two minutes). */
  quick: boolean;
  /** `--projections a,b`: the projections the rebuild scenario rebuilds (default: post-view with --quick, else every one). */
  projections: string[] | null;
  /** Redis for the mail scenario: TEST_REDIS_URL or REDIS_URL. */
  redisUrl?: string;
}

export interface ScenarioOutcome {
  figures: Figure[];
  summary: SummaryLine[];
  notes: string[];
}

export interface Scenario {
  /** For `--only <id>`. */
  id: string;
  title: string;
  run(context: BenchContext): Promise<ScenarioOutcome>;
}

/**
 * How long a scenario's load runs, in seconds: BENCH_SECONDS when set (a short check of one
 * scenario, e.g. `BENCH_SECONDS=5 npm run bench -- --only failover`), else `quick` or `full`.
 */
export function loadSeconds(context: Pick<BenchContext, 'quick'>, quick: number, full: number): number {
  const override = Number(process.env.BENCH_SECONDS);
  return Number.isFinite(override) && override > 0 ? override : context.quick ? quick : full;
}
