import { Controller, Get } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiTags } from '@nestjs/swagger';
import { HOME_COLLECTION } from '@app/projections';
import { PublicRead } from '../public-reads/public-read.decorator';
import { GetHomeQuery } from './get-home.query';

@ApiTags('Home')
@Controller('Home')
export class HomeController {
  constructor(private readonly queryBus: QueryBus) {}

  /** The latest visible articles and questions (SPEC §2 Home). */
  @Get()
  @PublicRead({
    anonymous: () => [],
    readModels: () => [{ collection: HOME_COLLECTION }],
    maxEntries: 1,
    // The same for every reader.
    forReader: async () => ({}),
  })
  home() {
    return this.queryBus.execute(new GetHomeQuery());
  }
}
