import { Module } from '@nestjs/common';
import { SharedReadsModule } from '../shared/shared-reads.module';
import { MyPostLists } from './my-post-lists';
import { MyLikesController, ReadingListController } from './reading-list.controller';
import { SetSavedHandler } from './set-saved.command';

/** The reading list and the list of one's liked posts. */
@Module({
  imports: [SharedReadsModule],
  controllers: [ReadingListController, MyLikesController],
  providers: [MyPostLists, SetSavedHandler],
})
export class ReadingListModule {}
