import { Module } from '@nestjs/common';
import { ContactController } from './contact.controller';
import { SendContactMessageHandler } from './send-contact-message.command';

@Module({ controllers: [ContactController], providers: [SendContactMessageHandler] })
export class ContactModule {}
