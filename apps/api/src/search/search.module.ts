import { Module } from '@nestjs/common';
import { SharedReadsModule } from '../shared/shared-reads.module';
import { SearchController } from './search.controller';
import { SearchPostsHandler } from './search-posts.query';

@Module({ imports: [SharedReadsModule], controllers: [SearchController], providers: [SearchPostsHandler] })
export class SearchModule {}
