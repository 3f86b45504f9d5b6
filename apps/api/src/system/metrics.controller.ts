import { timingSafeEqual } from 'node:crypto';
import { Controller, Get, Headers, Inject, Logger, type OnApplicationBootstrap, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { Response } from 'express';
import type { AppConfig } from '@app/config';
import { notFound, unauthorized } from '@app/domain';
import { APP_CONFIG } from '../infrastructure/tokens';
import { SystemStatusReader } from './system-status.reader';
import { SiteMetrics } from '../metrics/site-metrics';

/**
 * GET /metrics: Prometheus text format, outside /api and outside the envelope (the response is
 * written directly). With METRICS_TOKEN set, only `Authorization: Bearer <token>` is answered;
 * in production (NODE_ENV=production) without it, /metrics is not served at all (404), since the
 * figures tell anyone how busy and how far behind the site is.
 */
@ApiExcludeController()
@Controller('metrics')
export class MetricsController implements OnApplicationBootstrap {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly metrics: SiteMetrics,
    private readonly system: SystemStatusReader,
  ) {}

  onApplicationBootstrap(): void {
    if (this.config.production && !this.config.metricsToken)
      new Logger('Metrics').warn('METRICS_TOKEN is not set: GET /metrics is not served in production.');
  }

  @Get()
  async scrape(@Headers('authorization') authorization: string | undefined, @Res() response: Response): Promise<void> {
    const token = this.config.metricsToken;
    if (!token && this.config.production) throw notFound('Not found.');
    if (token && !sameSecret(authorization ?? '', `Bearer ${token}`)) throw unauthorized('A valid metrics token is required.');
    this.metrics.recordSystem(await this.system.read());
    response.setHeader('Content-Type', this.metrics.registry.contentType);
    response.setHeader('Cache-Control', 'no-store');
    response.send(await this.metrics.registry.metrics());
  }
}

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}
