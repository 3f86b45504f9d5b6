import { Module } from '@nestjs/common';
import { PageHeadsModule } from '../page-heads/page-heads.module';
import { Feeds } from './feeds';

@Module({ imports: [PageHeadsModule], providers: [Feeds], exports: [Feeds] })
export class FeedsModule {}
