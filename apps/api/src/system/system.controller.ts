import { Controller, Get } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import type { SystemStatus } from '@app/contracts';
import { AdminOnly } from '../auth/auth.decorators';
import { SystemStatusReader } from './system-status.reader';

/** The Admin Panel's System card: each projection's state and lag, and the job queue (admins). */
@ApiTags('Admin')
@ApiBearerAuth()
@Controller('Admin')
export class SystemController {
  constructor(private readonly system: SystemStatusReader) {}

  @Get('System')
  @AdminOnly()
  status(): Promise<SystemStatus> {
    return this.system.read();
  }
}
