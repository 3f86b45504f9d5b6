import { Controller, Get, Param } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiTags } from '@nestjs/swagger';
import { ListStatesQuery } from './list-states.query';
import { numericId } from '../http/numeric-id.pipe';

@ApiTags('Master data')
@Controller('State')
export class StateController {
  constructor(private readonly queryBus: QueryBus) {}

  /** The states of a country as { id, name }, by name. */
  @Get(':countryId')
  list(@Param('countryId', numericId('Country id')) countryId: number) {
    return this.queryBus.execute(new ListStatesQuery(countryId));
  }
}
