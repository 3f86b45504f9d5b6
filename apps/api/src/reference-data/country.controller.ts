import { Controller, Get } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiTags } from '@nestjs/swagger';
import { ListCountriesQuery } from './list-countries.query';

@ApiTags('Master data')
@Controller('Country')
export class CountryController {
  constructor(private readonly queryBus: QueryBus) {}

  /** Every country as { id, name }, by name. */
  @Get()
  list() {
    return this.queryBus.execute(new ListCountriesQuery());
  }
}
