import { Body, Controller, HttpCode, HttpStatus, Ip, Post } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiTags } from '@nestjs/swagger';
import { contactRequestSchema, type ContactRequest } from '@app/contracts';
import { ZodValidationPipe } from '../http/zod-validation.pipe';
import { SendContactMessageCommand } from './send-contact-message.command';

/** The Contact Me page's form (issue 25): no login; 400 with the field's message, 429 past the limit, 503 without CONTACT_EMAIL. */
@ApiTags('Contact')
@Controller('Contact')
export class ContactController {
  constructor(private readonly commandBus: CommandBus) {}

  @Post()
  @HttpCode(HttpStatus.OK)
  send(@Body(new ZodValidationPipe(contactRequestSchema)) body: ContactRequest, @Ip() ip: string) {
    return this.commandBus.execute(new SendContactMessageCommand(body, ip));
  }
}
