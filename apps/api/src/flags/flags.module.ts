import { Module } from '@nestjs/common';
import { SharedReadsModule } from '../shared/shared-reads.module';
import { FlagController, FlagReviewController } from './flag.controller';
import { FlagItemHandler } from './flag-item.command';
import { ListFlagsHandler } from './list-flags.query';
import { ResolveFlagsHandler } from './resolve-flags.command';

/** Flags and the review queue (issue 27). */
@Module({
  imports: [SharedReadsModule],
  controllers: [FlagController, FlagReviewController],
  providers: [FlagItemHandler, ResolveFlagsHandler, ListFlagsHandler],
})
export class FlagsModule {}
