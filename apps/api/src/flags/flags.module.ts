import { Module } from '@nestjs/common';
import { SharedReadsModule } from '../shared/shared-reads.module';
import { LikeTargetVisibility } from '../likes/like-target-visibility';
import { FlagController, FlagReviewController } from './flag.controller';
import { FlagItemHandler } from './flag-item.command';
import { ListFlagsHandler } from './list-flags.query';
import { ResolveFlagsHandler } from './resolve-flags.command';

/** Flags and the review queue (issue 27). */
@Module({
  imports: [SharedReadsModule],
  controllers: [FlagController, FlagReviewController],
  providers: [LikeTargetVisibility, FlagItemHandler, ResolveFlagsHandler, ListFlagsHandler],
})
export class FlagsModule {}
