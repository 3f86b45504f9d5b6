import type { Server } from 'node:http';
import type { Socket } from 'node:net';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { DocumentBuilder, SwaggerModule } from '@nestjs/swagger';
import type { Logger } from 'pino';
import { loadConfig, type AppConfig } from '@app/config';
import { AppModule, type AppOptions } from './app.module';
import { useCompression } from './http/compress-responses';
import { useDocsGate } from './auth/docs-gate';
import { useJsonBody } from './http/json-body';
import { useRequestLog } from './http/request-log';
import { securityHeaders, useSecurityHeaders } from './http/security-headers';
import { FirstReads } from './site-front/first-reads';
import { useSpa } from './site-front/spa-fallback';
import { createLogger, PinoNestLogger } from './infrastructure/logger';
import { APP_CONFIG } from './infrastructure/tokens';
import { httpMetrics } from './metrics/http-metrics';
import { SiteMetrics } from './metrics/site-metrics';
import { PageHeads } from './page-heads/page-heads';
import { useCrawlerRoutes } from './site-front/crawler-routes';
import { publicReadRoutes, usePublicReadsWithBody } from './public-reads/public-reads';
import { answerReadsFirst } from './public-reads/public-reads-front';
import { frontReadSite } from './public-reads/front-read';
import { readerReadRoutes } from './reader-reads/reader-reads';
import { SingleAddressWatch } from './rate-limits/client-address';

/**
 * Without TRUST_PROXY only a proxy on loopback is believed: behind one elsewhere, every client
 * would share the proxy's address, and its abuse limits. Says so when the first 100 connections
 * all come from one other address.
 */
function warnOfAnUntrustedProxy(server: Server, logger: Logger): void {
  const watch = new SingleAddressWatch(100, (address) =>
    logger.warn(
      `The first 100 connections all came from ${address}: if that is a proxy, set TRUST_PROXY (its address, CIDR or hop count), or every client shares its address and its abuse limits.`,
    ),
  );
  server.on('connection', (socket: Socket) => watch.connected(socket.remoteAddress));
}

/** Builds the whole site (API, OpenAPI docs, SPA) without listening, so tests can start it too. */
export async function createApp(options: AppOptions & { logger?: false } = {}): Promise<NestExpressApplication> {
  // JSON lines from the first message on (the level is read before the app exists); off for tests.
  const logger = createLogger(options.logger === false ? 'silent' : loadConfig().logLevel);
  const app = await NestFactory.create<NestExpressApplication>(
    AppModule.forRoot({ clock: options.clock, wrapKeyStore: options.wrapKeyStore, checkpointChannel: options.checkpointChannel }),
    {
      bodyParser: false,
      logger: options.logger === false ? false : new PinoNestLogger(logger),
    },
  );
  const config = app.get<AppConfig>(APP_CONFIG);
  const express = app.getHttpAdapter().getInstance();
  app.disable('x-powered-by');
  app.set('trust proxy', config.trustProxy.value);
  if (!config.trustProxy.set) warnOfAnUntrustedProxy(app.getHttpServer(), logger);
  app.enableShutdownHooks();
  const metrics = app.get(SiteMetrics);
  const headers = securityHeaders(config);
  const readSite = frontReadSite(app);
  const publicReads = publicReadRoutes(app, '/api', readSite);
  const frontReads = [...publicReads.filter((route) => route.read.method === 'get'), ...readerReadRoutes(app, '/api', readSite)];
  answerReadsFirst(app.getHttpServer(), { routes: frontReads, headers, logger, metrics });
  useRequestLog(express, logger);
  express.use(httpMetrics(metrics));
  useCompression(express);
  useSecurityHeaders(express, headers);
  useJsonBody(express);
  usePublicReadsWithBody(express, publicReads);
  useCrawlerRoutes(express, app);
  useSpa(express, config.webDistDir, app.get(PageHeads), new FirstReads(publicReads), config.production);
  app.setGlobalPrefix('api', { exclude: ['metrics'] });
  useDocsGate(app, express, config);

  const openApi = new DocumentBuilder()
    .setTitle('DevCommunity API')
    .setDescription('Every response is the envelope { success, result, errorMessage, timeStamp }.')
    .addBearerAuth({
      type: 'http',
      scheme: 'bearer',
      description:
        "A session token (from Login or Login2fa), or a personal API token (`dcat_...`, made in Settings or with POST /api/Account/ApiTokens) acting within its scopes: 'read' for GET routes and the searches, 'write' for every other call; no API token manages sign-in methods.",
    })
    .build();
  SwaggerModule.setup('api/docs', app, () => SwaggerModule.createDocument(app, openApi));
  return app;
}
