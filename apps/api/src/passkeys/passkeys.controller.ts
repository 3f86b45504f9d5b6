import { Body, Controller, Delete, Get, HttpCode, Ip, Param, Post, Put, Req } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import {
  login2faPasskeyOptionsRequestSchema,
  login2faPasskeyRequestSchema,
  loginPasskeyRequestSchema,
  passkeyIdSchema,
  registerPasskeyRequestSchema,
  renamePasskeyRequestSchema,
  type Login2faPasskeyRequest,
  type LoginPasskeyRequest,
  type RegisterPasskeyRequest,
  type RenamePasskeyRequest,
} from '@app/contracts';
import { Authenticated, CurrentUser, SessionOnly } from '../auth/auth.decorators';
import type { SessionUser } from '../auth/session-user';
import { ZodValidationPipe } from '../http/zod-validation.pipe';
import {
  LoginWithPasskeyCommand,
  PassSecondFactorWithPasskeyCommand,
  StartPasskeyLoginCommand,
  StartPasskeySecondFactorCommand,
} from './login-passkey.command';
import { RegisterPasskeyCommand, RemovePasskeyCommand, RenamePasskeyCommand, StartPasskeyRegistrationCommand } from './passkeys.command';
import { ListPasskeysQuery } from './passkeys.query';

const passkeyId = new ZodValidationPipe(passkeyIdSchema);
const clientOf = (ip: string, request: Request) => ({ ip, userAgent: request.headers['user-agent'] ?? '' });

/**
 * Passkeys (WebAuthn): enrolled, renamed and removed in Settings by a logged-in session (never an
 * API token), and used to log in without a password or as a login's second step.
 */
@ApiTags('Account')
@Controller('Account')
export class PasskeysController {
  constructor(
    private readonly commandBus: CommandBus,
    private readonly queryBus: QueryBus,
  ) {}

  @Get('Passkeys')
  @Authenticated()
  @SessionOnly()
  @ApiBearerAuth()
  @ApiOperation({ summary: "The caller's passkeys (name, added, last used, synced)." })
  list(@CurrentUser() user: SessionUser) {
    return this.queryBus.execute(new ListPasskeysQuery(user.accountId));
  }

  @Post('Passkeys/Options')
  @HttpCode(200)
  @Authenticated()
  @SessionOnly()
  @ApiBearerAuth()
  @ApiOperation({ summary: 'Starts adding a passkey: the options for `navigator.credentials.create` (a single-use challenge, 5 minutes).' })
  registrationOptions(@CurrentUser() user: SessionUser) {
    return this.commandBus.execute(new StartPasskeyRegistrationCommand(user.accountId));
  }

  @Post('Passkeys')
  @HttpCode(200)
  @Authenticated()
  @SessionOnly()
  @ApiBearerAuth()
  @ApiOperation({ summary: 'Adds the passkey the browser made from `Passkeys/Options` (`{ name?, response }`); mails the owner.' })
  register(@Body(new ZodValidationPipe(registerPasskeyRequestSchema)) body: RegisterPasskeyRequest, @CurrentUser() user: SessionUser) {
    return this.commandBus.execute(new RegisterPasskeyCommand(user.accountId, body));
  }

  @Put('Passkeys/:id')
  @Authenticated()
  @SessionOnly()
  @ApiBearerAuth()
  @ApiOperation({ summary: 'Renames a passkey.' })
  rename(
    @Param('id', passkeyId) id: string,
    @Body(new ZodValidationPipe(renamePasskeyRequestSchema)) body: RenamePasskeyRequest,
    @CurrentUser() user: SessionUser,
  ) {
    return this.commandBus.execute(new RenamePasskeyCommand(user.accountId, id, body.name));
  }

  @Delete('Passkeys/:id')
  @Authenticated()
  @SessionOnly()
  @ApiBearerAuth()
  @ApiOperation({ summary: 'Removes a passkey; never the last way to sign in.' })
  remove(@Param('id', passkeyId) id: string, @CurrentUser() user: SessionUser) {
    return this.commandBus.execute(new RemovePasskeyCommand(user.accountId, id));
  }

  @Post('LoginPasskey/Options')
  @HttpCode(200)
  @ApiOperation({ summary: 'Starts a login with a passkey: the options for `navigator.credentials.get` (no e-mail needed).' })
  loginOptions(@Ip() ip: string) {
    return this.commandBus.execute(new StartPasskeyLoginCommand(ip));
  }

  @Post('LoginPasskey')
  @HttpCode(200)
  @ApiOperation({ summary: 'Logs in with the passkey the browser signed with (`{ response, RememberMe }`): the usual login result.' })
  login(@Body(new ZodValidationPipe(loginPasskeyRequestSchema)) body: LoginPasskeyRequest, @Ip() ip: string, @Req() request: Request) {
    return this.commandBus.execute(new LoginWithPasskeyCommand(body, clientOf(ip, request)));
  }

  @Post('Login2fa/PasskeyOptions')
  @HttpCode(200)
  @ApiOperation({ summary: "A login's second step with a passkey: the options for the `challenge` the password step answered." })
  secondFactorOptions(@Body(new ZodValidationPipe(login2faPasskeyOptionsRequestSchema)) body: { challenge: string }) {
    return this.commandBus.execute(new StartPasskeySecondFactorCommand(body.challenge));
  }

  @Post('Login2fa/Passkey')
  @HttpCode(200)
  @ApiOperation({ summary: "Finishes a login's second step with a passkey (`{ challenge, response }`): the usual login result." })
  secondFactor(
    @Body(new ZodValidationPipe(login2faPasskeyRequestSchema)) body: Login2faPasskeyRequest,
    @Ip() ip: string,
    @Req() request: Request,
  ) {
    return this.commandBus.execute(new PassSecondFactorWithPasskeyCommand(body, clientOf(ip, request)));
  }
}
