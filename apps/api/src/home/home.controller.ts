import { Controller, Get, UseInterceptors } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiTags } from '@nestjs/swagger';
import { CacheHeadersInterceptor } from '../public-reads/cache-headers.interceptor';
import { GetHomeQuery } from './get-home.query';

@ApiTags('Home')
@Controller('Home')
export class HomeController {
  constructor(private readonly queryBus: QueryBus) {}

  /** The latest visible articles and questions (SPEC §2 Home). */
  @Get()
  @UseInterceptors(CacheHeadersInterceptor)
  home() {
    return this.queryBus.execute(new GetHomeQuery());
  }
}
