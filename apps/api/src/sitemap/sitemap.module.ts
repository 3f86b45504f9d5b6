import { Module } from '@nestjs/common';
import { PageHeadsModule } from '../page-heads/page-heads.module';
import { Sitemap } from './sitemap';

@Module({ imports: [PageHeadsModule], providers: [Sitemap], exports: [Sitemap] })
export class SitemapModule {}
