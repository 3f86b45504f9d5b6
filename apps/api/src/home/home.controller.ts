import { Controller, Get } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiTags } from '@nestjs/swagger';
import { GetHomeQuery } from './get-home.query';

@ApiTags('Home')
@Controller('Home')
export class HomeController {
  constructor(private readonly queryBus: QueryBus) {}

  /** The latest visible articles and questions (SPEC §2 Home). */
  @Get()
  home() {
    return this.queryBus.execute(new GetHomeQuery());
  }
}
