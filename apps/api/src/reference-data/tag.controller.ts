import { Controller, Get } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiTags } from '@nestjs/swagger';
import { ListTagsQuery } from './list-tags.query';

@ApiTags('Master data')
@Controller('Tag')
export class TagController {
  constructor(private readonly queryBus: QueryBus) {}

  /** Every tag as { id, subTag }, alphabetically. */
  @Get()
  list() {
    return this.queryBus.execute(new ListTagsQuery());
  }
}
