import { Body, Controller, Delete, Get, HttpCode, Param, Post } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { ApiBearerAuth, ApiBody, ApiOperation, ApiTags } from '@nestjs/swagger';
import {
  createApiTokenRequestSchema,
  credentialIdSchema,
  disableTwoFactorRequestSchema,
  enableTwoFactorRequestSchema,
  regenerateRecoveryCodesRequestSchema,
  type CreateApiTokenRequest,
  type DisableTwoFactorRequest,
  type EnableTwoFactorRequest,
  type RegenerateRecoveryCodesRequest,
} from '@app/contracts';
import { Authenticated, CurrentUser, SessionOnly } from '../auth/auth.decorators';
import { sessionIdOf, type SessionUser } from '../auth/session-user';
import { ZodValidationPipe } from '../http/zod-validation.pipe';
import { CreateApiTokenCommand, RevokeApiTokenCommand } from './api-tokens.command';
import { ListApiTokensQuery } from './api-tokens.query';
import { RevokeSessionCommand } from './revoke-session.command';
import { ListSessionsQuery } from './sessions.query';
import {
  DisableTwoFactorCommand,
  EnableTwoFactorCommand,
  RegenerateRecoveryCodesCommand,
  SetUpTwoFactorCommand,
} from './two-factor.command';
import { GetTwoFactorQuery } from './two-factor.query';

const credentialId = new ZodValidationPipe(credentialIdSchema);

/**
 * The ways the logged-in user signs in, in Settings: active sessions, personal API tokens and two-factor. Only
 * a logged-in session manages them, never an API token (SessionOnly).
 */
@ApiTags('Account')
@ApiBearerAuth()
@Authenticated()
@SessionOnly()
@Controller('Account')
export class SignInController {
  constructor(
    private readonly commandBus: CommandBus,
    private readonly queryBus: QueryBus,
  ) {}

  @Get('Sessions')
  @ApiOperation({ summary: "The caller's active sessions (device, browser, address, started, last seen); `current` is this one." })
  sessions(@CurrentUser() user: SessionUser) {
    return this.queryBus.execute(new ListSessionsQuery(user.accountId, sessionIdOf(user)));
  }

  @Delete('Sessions/:id')
  @ApiOperation({ summary: 'Ends one session: its token is refused from the next request.' })
  revokeSession(@Param('id', credentialId) id: string, @CurrentUser() user: SessionUser) {
    return this.commandBus.execute(new RevokeSessionCommand(user.accountId, id));
  }

  @Get('ApiTokens')
  @ApiOperation({ summary: "The caller's personal API tokens (never the token itself)." })
  apiTokens(@CurrentUser() user: SessionUser) {
    return this.queryBus.execute(new ListApiTokensQuery(user.accountId));
  }

  @Post('ApiTokens')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Makes a personal API token, shown once in the answer.',
    description:
      "Send it as `Authorization: Bearer <token>` to call the API as yourself, within its scopes: `read` calls GET routes and the searches; `write` also every call that changes something. It is limited like a session (the same abuse limits per account), stops at `expiresInDays`, and is never accepted by the calls that manage how you sign in (sessions, API tokens, two-factor, 'log out everywhere', deleting the account). A password reset revokes every token.",
  })
  @ApiBody({
    schema: {
      type: 'object',
      required: ['name', 'scopes', 'expiresInDays'],
      properties: {
        name: { type: 'string', maxLength: 100, example: 'CI bot' },
        scopes: { type: 'array', items: { type: 'string', enum: ['read', 'write'] }, example: ['read'] },
        expiresInDays: { type: 'integer', minimum: 1, maximum: 365, example: 30 },
      },
    },
  })
  createApiToken(@Body(new ZodValidationPipe(createApiTokenRequestSchema)) body: CreateApiTokenRequest, @CurrentUser() user: SessionUser) {
    return this.commandBus.execute(new CreateApiTokenCommand(user.accountId, body));
  }

  @Get('TwoFactor')
  @ApiOperation({ summary: 'Whether two-factor authentication is on, and how many recovery codes are left.' })
  twoFactor(@CurrentUser() user: SessionUser) {
    return this.queryBus.execute(new GetTwoFactorQuery(user.accountId));
  }

  @Post('TwoFactor/Setup')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Starts two-factor setup: a new TOTP secret and its otpauth:// URL (for a QR code). Nothing changes until Enable.',
  })
  setUpTwoFactor(@CurrentUser() user: SessionUser) {
    return this.commandBus.execute(new SetUpTwoFactorCommand(user.accountId, user.userName));
  }

  @Post('TwoFactor/Enable')
  @HttpCode(200)
  @ApiOperation({ summary: 'Turns two-factor on with a code of the new secret; answers 10 single-use recovery codes, shown once.' })
  @ApiBody({ schema: { type: 'object', required: ['code'], properties: { code: { type: 'string', example: '123456' } } } })
  enableTwoFactor(
    @Body(new ZodValidationPipe(enableTwoFactorRequestSchema)) body: EnableTwoFactorRequest,
    @CurrentUser() user: SessionUser,
  ) {
    return this.commandBus.execute(new EnableTwoFactorCommand(user.accountId, body.code));
  }

  @Post('TwoFactor/Disable')
  @HttpCode(200)
  @ApiOperation({ summary: 'Turns two-factor off: needs the password and a code (of the authenticator or a recovery code).' })
  @ApiBody({
    schema: { type: 'object', required: ['password', 'code'], properties: { password: { type: 'string' }, code: { type: 'string' } } },
  })
  disableTwoFactor(
    @Body(new ZodValidationPipe(disableTwoFactorRequestSchema)) body: DisableTwoFactorRequest,
    @CurrentUser() user: SessionUser,
  ) {
    return this.commandBus.execute(new DisableTwoFactorCommand(user.accountId, body));
  }

  @Post('TwoFactor/RecoveryCodes')
  @HttpCode(200)
  @ApiOperation({
    summary:
      'Replaces the recovery codes with 10 new single-use ones, shown once; the old ones stop working. Needs a current code of the authenticator app.',
  })
  @ApiBody({ schema: { type: 'object', required: ['code'], properties: { code: { type: 'string', example: '123456' } } } })
  regenerateRecoveryCodes(
    @Body(new ZodValidationPipe(regenerateRecoveryCodesRequestSchema)) body: RegenerateRecoveryCodesRequest,
    @CurrentUser() user: SessionUser,
  ) {
    return this.commandBus.execute(new RegenerateRecoveryCodesCommand(user.accountId, body.code));
  }

  @Delete('ApiTokens/:id')
  @ApiOperation({ summary: 'Revokes a personal API token: refused from the next request on.' })
  revokeApiToken(@Param('id', credentialId) id: string, @CurrentUser() user: SessionUser) {
    return this.commandBus.execute(new RevokeApiTokenCommand(user.accountId, id));
  }
}
