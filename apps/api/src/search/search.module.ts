import { Module } from '@nestjs/common';
import { SearchController } from './search.controller';
import { SearchPostsHandler } from './search-posts.query';

@Module({ controllers: [SearchController], providers: [SearchPostsHandler] })
export class SearchModule {}
