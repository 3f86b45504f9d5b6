import { Module } from '@nestjs/common';
import { APP_FILTER, APP_INTERCEPTOR } from '@nestjs/core';
import { CqrsModule } from '@nestjs/cqrs';
import { HealthModule } from './health/health.module';
import { HomeModule } from './home/home.module';
import { ApiExceptionFilter } from './http/api-exception.filter';
import { EnvelopeInterceptor } from './http/envelope.interceptor';
import { InfrastructureModule } from './infrastructure/infrastructure.module';
import { ReferenceDataModule } from './reference-data/reference-data.module';

@Module({
  imports: [CqrsModule.forRoot(), InfrastructureModule, HealthModule, ReferenceDataModule, HomeModule],
  providers: [
    { provide: APP_FILTER, useClass: ApiExceptionFilter },
    { provide: APP_INTERCEPTOR, useClass: EnvelopeInterceptor },
  ],
})
export class AppModule {}
