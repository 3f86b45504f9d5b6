import { Controller, Get } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiTags } from '@nestjs/swagger';
import { ListCategoriesQuery } from './list-categories.query';

@ApiTags('Master data')
@Controller('Category')
export class CategoryController {
  constructor(private readonly queryBus: QueryBus) {}

  /** Every category as { id, subCategory }, alphabetically. */
  @Get()
  list() {
    return this.queryBus.execute(new ListCategoriesQuery());
  }
}
