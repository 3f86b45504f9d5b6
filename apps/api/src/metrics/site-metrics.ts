import { Injectable } from '@nestjs/common';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { PROJECTION_FAILURE_CATEGORIES, PROJECTION_STATES, type SystemStatus } from '@app/contracts';

/** Outcome label of `devcommunity_commands_total`. */
export type CommandOutcomeLabel = 'accepted' | 'unchanged' | 'rejected' | 'conflict' | 'failed';

/**
 * Every figure GET /metrics exposes, in a registry of this app's own (not prom-client's global
 * one, so two sites in one process, as in tests, count apart). Counters move as things happen;
 * the projection and queue gauges are set from the SystemStatus right before each scrape.
 */
@Injectable()
export class SiteMetrics {
  readonly registry = new Registry();

  private readonly httpRequests = new Counter({
    name: 'http_requests_total',
    help: 'HTTP requests answered, by method, route pattern and status code',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [this.registry],
  });

  private readonly httpDuration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time to answer an HTTP request, by method, route pattern and status code',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [this.registry],
  });

  private readonly commands = new Counter({
    name: 'devcommunity_commands_total',
    help: 'Commands decided, by command type and outcome (accepted: events appended; unchanged: nothing to do; rejected: refused by the rules; conflict: lost a race three times; failed: an error)',
    labelNames: ['command', 'outcome'] as const,
    registers: [this.registry],
  });

  private readonly readCache = new Counter({
    name: 'devcommunity_public_read_cache_total',
    help: "Reads looked up in the read cache (the public reads, and the logged-in readers' own reads), by route pattern and outcome (hit: answered from it; miss: read again, as what it reads changed or it was not kept)",
    labelNames: ['route', 'outcome'] as const,
    registers: [this.registry],
  });

  private readonly staleSettles = new Counter({
    name: 'devcommunity_read_your_writes_stale_total',
    help: 'Commands answered before a read model they wait for had applied their events (the answer carries X-Read-Your-Writes: stale), by read model',
    labelNames: ['read_model'] as const,
    registers: [this.registry],
  });

  private readonly eventsAppended = new Counter({
    name: 'devcommunity_events_appended_total',
    help: 'Events this process appended to the log',
    registers: [this.registry],
  });

  private readonly head = new Gauge({
    name: 'devcommunity_event_log_head_position',
    help: 'Position of the last event in the log ($all)',
    registers: [this.registry],
  });

  private readonly projectionPosition = new Gauge({
    name: 'devcommunity_projection_position',
    help: 'Position ($all) each projection has applied',
    labelNames: ['projection'] as const,
    registers: [this.registry],
  });

  private readonly projectionLagEvents = new Gauge({
    name: 'devcommunity_projection_lag_events',
    help: 'Events in the log that each projection has not applied yet',
    labelNames: ['projection'] as const,
    registers: [this.registry],
  });

  private readonly projectionLagSeconds = new Gauge({
    name: 'devcommunity_projection_lag_seconds',
    help: 'Age of the oldest event each projection has not applied yet (0 when caught up)',
    labelNames: ['projection'] as const,
    registers: [this.registry],
  });

  private readonly projectionParked = new Gauge({
    name: 'devcommunity_projection_parked_events',
    help: 'Events each projection could not apply and set aside until an operator retries or skips them',
    labelNames: ['projection'] as const,
    registers: [this.registry],
  });

  private readonly projectionState = new Gauge({
    name: 'devcommunity_projection_state',
    help: '1 for the state each projection is in, 0 for the others (running, rebuilding, behind, failing, stopped)',
    labelNames: ['projection', 'state'] as const,
    registers: [this.registry],
  });

  private readonly projectionFailing = new Gauge({
    name: 'devcommunity_projection_failing_seconds',
    help: 'How long each projection has been held at its checkpoint by a failure, by category (outage: a dependency is unavailable; it retries without end), 0 when it is not failing',
    labelNames: ['projection', 'category'] as const,
    registers: [this.registry],
  });

  private readonly queueJobs = new Gauge({
    name: 'devcommunity_queue_jobs',
    help: 'Jobs in the queue by state (waiting includes retries waiting for their backoff)',
    labelNames: ['state'] as const,
    registers: [this.registry],
  });

  private readonly queueDepth = new Gauge({
    name: 'devcommunity_queue_depth',
    help: 'Jobs waiting or running',
    registers: [this.registry],
  });

  private readonly queueFailed = new Gauge({
    name: 'devcommunity_queue_failed_jobs',
    help: 'Jobs left failed after their last attempt',
    registers: [this.registry],
  });

  constructor() {
    collectDefaultMetrics({ register: this.registry });
  }

  recordRequest(method: string, route: string, status: number, seconds: number): void {
    const labels = { method, route, status: String(status) };
    this.httpRequests.inc(labels);
    this.httpDuration.observe(labels, seconds);
  }

  recordCommand(command: string, outcome: CommandOutcomeLabel): void {
    this.commands.inc({ command, outcome });
  }

  recordReadCache(route: string, hit: boolean): void {
    this.readCache.inc({ route, outcome: hit ? 'hit' : 'miss' });
  }

  /** A command's bounded wait ran out with these read models behind its position. */
  recordStaleReadModels(readModels: readonly string[]): void {
    for (const readModel of readModels) this.staleSettles.inc({ read_model: readModel });
  }

  recordAppended(count: number): void {
    if (count > 0) this.eventsAppended.inc(count);
  }

  /** Sets the gauges from a fresh SystemStatus (see SystemStatusReader). */
  recordSystem(status: SystemStatus): void {
    this.head.set(status.head === null ? 0 : Number(status.head));
    for (const projection of status.projections) {
      const labels = { projection: projection.name };
      this.projectionPosition.set(labels, projection.position === null ? 0 : Number(projection.position));
      this.projectionLagEvents.set(labels, projection.lagEvents);
      this.projectionLagSeconds.set(labels, projection.lagSeconds);
      this.projectionParked.set(labels, projection.parkedEvents);
      for (const state of PROJECTION_STATES) this.projectionState.set({ ...labels, state }, state === projection.state ? 1 : 0);
      const failingFor = projection.failingSince === null ? 0 : Math.max(0, (Date.now() - Date.parse(projection.failingSince)) / 1000);
      for (const category of PROJECTION_FAILURE_CATEGORIES) {
        this.projectionFailing.set({ ...labels, category }, category === projection.failureCategory ? failingFor : 0);
      }
    }
    const { queue } = status;
    this.queueJobs.set({ state: 'waiting' }, queue.waiting);
    this.queueJobs.set({ state: 'active' }, queue.active);
    this.queueJobs.set({ state: 'failed' }, queue.failed);
    this.queueDepth.set(queue.depth);
    this.queueFailed.set(queue.failed);
  }
}
