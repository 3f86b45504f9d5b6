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
