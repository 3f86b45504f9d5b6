import { Module } from '@nestjs/common';
import { GetHomeHandler } from './get-home.query';
import { HomeController } from './home.controller';

@Module({ controllers: [HomeController], providers: [GetHomeHandler] })
export class HomeModule {}
