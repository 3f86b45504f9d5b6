import { Controller, Get } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiTags } from '@nestjs/swagger';
import { ListGendersQuery } from './list-genders.query';

@ApiTags('Master data')
@Controller('Gender')
export class GenderController {
  constructor(private readonly queryBus: QueryBus) {}

  /** The genders a profile can choose, as { id, name }. */
  @Get()
  list() {
    return this.queryBus.execute(new ListGendersQuery());
  }
}
