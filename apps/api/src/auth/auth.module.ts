import { createSecretKey } from 'node:crypto';
import { Global, Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { JwtModule } from '@nestjs/jwt';
import type { AppConfig } from '@app/config';
import { APP_CONFIG } from '../infrastructure/tokens';
import { SessionGuard } from './session.guard';
import { SignedTokens } from './signed-tokens';
import { Sessions } from './sessions';
import { SessionActivity } from './session-activity';
import { SpamDefaults } from './spam-defaults';
import { TokenService } from './token.service';

/** Bearer sessions for every route: the guard runs globally, routes opt in with @Authenticated / @AdminOnly. Also the short-lived signed tokens of other purposes (SignedTokens). */
@Global()
@Module({
  imports: [
    JwtModule.registerAsync({
      inject: [APP_CONFIG],
      // A KeyObject made once: given a string, jsonwebtoken tries (and fails) to parse it as a public key on every verify.
      useFactory: (config: AppConfig) => ({ secret: createSecretKey(Buffer.from(config.jwtSecret)), signOptions: { algorithm: 'HS256' } }),
    }),
  ],
  providers: [
    TokenService,
    SignedTokens,
    Sessions,
    SessionActivity,
    SpamDefaults,
    SessionGuard,
    { provide: APP_GUARD, useExisting: SessionGuard },
  ],
  exports: [TokenService, SignedTokens, Sessions, SessionActivity, SessionGuard, SpamDefaults],
})
export class AuthModule {}
