import { Controller, Get, Param } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiTags } from '@nestjs/swagger';
import { ListCitiesQuery } from './list-cities.query';
import { numericId } from '../http/numeric-id.pipe';

@ApiTags('Master data')
@Controller('City')
export class CityController {
  constructor(private readonly queryBus: QueryBus) {}

  /** The cities of a state as { id, name }, by name. */
  @Get(':stateId')
  list(@Param('stateId', numericId('State id')) stateId: number) {
    return this.queryBus.execute(new ListCitiesQuery(stateId));
  }
}
