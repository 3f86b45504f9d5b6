import { BadRequestException, ParseIntPipe } from '@nestjs/common';

/** Parses a whole-number path parameter, or refuses it with 400 '<label> must be a number.'. */
export const numericId = (label: string) =>
  new ParseIntPipe({ exceptionFactory: () => new BadRequestException(`${label} must be a number.`) });
