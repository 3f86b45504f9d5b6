import { Module } from '@nestjs/common';
import { MetricsController } from './metrics.controller';
import { SystemController } from './system.controller';
import { SystemStatusReader } from './system-status.reader';

/** What operators and admins watch: GET /metrics and GET /api/Admin/System, from one SystemStatusReader (GET /api/health uses it too). */
@Module({ controllers: [MetricsController, SystemController], providers: [SystemStatusReader], exports: [SystemStatusReader] })
export class SystemModule {}
