import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { DocumentBuilder, SwaggerModule } from '@nestjs/swagger';
import type { AppConfig } from '@app/config';
import { AppModule, type AppOptions } from './app.module';
import { useDocsGate } from './http/docs-gate';
import { useJsonBody } from './http/json-body';
import { useSecurityHeaders } from './http/security-headers';
import { useSpa } from './http/spa-fallback';
import { APP_CONFIG } from './infrastructure/tokens';

/** Builds the whole site (API, OpenAPI docs, SPA) without listening, so tests can start it too. */
export async function createApp(options: AppOptions & { logger?: false } = {}): Promise<NestExpressApplication> {
  const app = await NestFactory.create<NestExpressApplication>(AppModule.forRoot({ clock: options.clock }), {
    bodyParser: false,
    logger: options.logger,
  });
  const config = app.get<AppConfig>(APP_CONFIG);
  const express = app.getHttpAdapter().getInstance();
  app.disable('x-powered-by');
  app.set('trust proxy', 'loopback');
  app.enableShutdownHooks();
  useSecurityHeaders(app, express, config);
  useJsonBody(express);
  useSpa(express, config.webDistDir);
  app.setGlobalPrefix('api');
  useDocsGate(app, express, config);

  const openApi = new DocumentBuilder()
    .setTitle('DevCommunity API')
    .setDescription('Every response is the envelope { success, result, errorMessage, timeStamp }.')
    .addBearerAuth()
    .build();
  SwaggerModule.setup('api/docs', app, () => SwaggerModule.createDocument(app, openApi));
  return app;
}
