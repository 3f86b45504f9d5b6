import { Body, Controller, Get, Header, HttpCode, Inject, Ip, Post, Put, Query, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import type { AppConfig } from '@app/config';
import { INVALID_LINK, isValidUnsubscribeLink, validationError } from '@app/domain';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import {
  commentNotificationsRequestSchema,
  emailPreferenceRequestSchema,
  type EmailPreferenceRequest,
  unsubscribeQuerySchema,
  type CommentNotificationsRequest,
  type UnsubscribeQuery,
  confirmEmailRequestSchema,
  forgotPasswordRequestSchema,
  loginRequestSchema,
  login2faRequestSchema,
  type Login2faRequest,
  resetPasswordRequestSchema,
  sendConfirmEmailLinkRequestSchema,
  signupRequestSchema,
  type ConfirmEmailRequest,
  type ForgotPasswordRequest,
  type LoginRequest,
  type ResetPasswordRequest,
  type SendConfirmEmailLinkRequest,
  type SignupRequest,
} from '@app/contracts';
import { Authenticated, CurrentUser, SessionOnly } from '../auth/auth.decorators';
import type { SessionUser } from '../auth/session-user';
import { ZodValidationPipe } from '../http/zod-validation.pipe';
import { SetCommentNotificationsCommand } from './commands/comment-notifications.command';
import { commentNotificationsOf, GetEmailPreferencesQuery } from './comment-notifications.query';
import { ConfirmEmailCommand, RequestCredentialLinkCommand, ResetPasswordCommand } from './commands/credential-links.command';
import { LoginCommand } from './commands/login.command';
import { Login2faCommand } from './commands/login-2fa.command';
import { cookieValue, KNOWN_DEVICE_COOKIE, KNOWN_DEVICE_PATH } from './known-devices';
import { LogoutEverywhereCommand } from './commands/logout-everywhere.command';
import { SignupCommand } from './commands/signup.command';
import { APP_CONFIG } from '../infrastructure/tokens';
import { confirmUnsubscribePage, unsubscribedPage } from './unsubscribe-pages';

const userAgentOf = (request: Request) => request.headers['user-agent'] ?? '';

/** SPEC §7 Account calls. Every answer is the envelope; POSTs answer 200 (nothing addressable is created). */
@ApiTags('Account')
@Controller('Account')
export class AccountsController {
  constructor(
    private readonly commandBus: CommandBus,
    private readonly queryBus: QueryBus,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Post('Signup')
  @HttpCode(200)
  signup(@Body(new ZodValidationPipe(signupRequestSchema)) body: SignupRequest, @Ip() ip: string, @Req() request: Request) {
    return this.commandBus.execute(new SignupCommand(body.Name, body.Email, body.Password, ip, userAgentOf(request)));
  }

  @Post('Login')
  @HttpCode(200)
  async login(
    @Body(new ZodValidationPipe(loginRequestSchema)) body: LoginRequest,
    @Ip() ip: string,
    @Req() request: Request,
    @Res({ passthrough: true }) response: Response,
  ) {
    const deviceToken = cookieValue(request.headers.cookie, KNOWN_DEVICE_COOKIE);
    const { login, knownDevice } = await this.commandBus.execute(
      new LoginCommand(body.Email, body.Password, body.RememberMe === true, ip, deviceToken, userAgentOf(request)),
    );
    response.cookie(KNOWN_DEVICE_COOKIE, knownDevice.token, {
      httpOnly: true,
      sameSite: 'strict',
      secure: request.secure,
      path: KNOWN_DEVICE_PATH,
      maxAge: knownDevice.maxAgeMs,
    });
    return login;
  }

  /** The second step of a login with two-factor on: the challenge of `Login` and a code; answers the usual login result. */
  @Post('Login2fa')
  @HttpCode(200)
  login2fa(@Body(new ZodValidationPipe(login2faRequestSchema)) body: Login2faRequest, @Ip() ip: string, @Req() request: Request) {
    return this.commandBus.execute(new Login2faCommand(body.challenge, body.code, ip, userAgentOf(request)));
  }

  @Get('IsTokenValid')
  @Authenticated()
  @ApiBearerAuth()
  isTokenValid(@CurrentUser() user: SessionUser) {
    return { userName: user.userName, name: user.name, roleId: user.roleId };
  }

  /** Ends every session of the logged-in user (this one too): every token issued so far is refused from now on. */
  @Post('LogoutEverywhere')
  @HttpCode(200)
  @Authenticated()
  @SessionOnly()
  @ApiBearerAuth()
  logoutEverywhere(@CurrentUser() user: SessionUser) {
    return this.commandBus.execute(new LogoutEverywhereCommand(user.accountId));
  }

  @Post('ForgotPassword')
  @HttpCode(200)
  forgotPassword(@Body(new ZodValidationPipe(forgotPasswordRequestSchema)) body: ForgotPasswordRequest) {
    return this.commandBus.execute(new RequestCredentialLinkCommand('reset', body.Email));
  }

  @Post('SendConfirmEmailLink')
  @HttpCode(200)
  sendConfirmEmailLink(@Body(new ZodValidationPipe(sendConfirmEmailLinkRequestSchema)) body: SendConfirmEmailLinkRequest) {
    return this.commandBus.execute(new RequestCredentialLinkCommand('confirm', body.Email));
  }

  @Post('ResetPassword')
  @HttpCode(200)
  resetPassword(@Body(new ZodValidationPipe(resetPasswordRequestSchema)) body: ResetPasswordRequest) {
    const link = { accountId: body.UName, created: body.Created, expire: body.Expire, hash: body.hash };
    return this.commandBus.execute(new ResetPasswordCommand(link, body.NewPassword));
  }

  @Post('ConfirmEmail')
  @HttpCode(200)
  confirmEmail(@Body(new ZodValidationPipe(confirmEmailRequestSchema)) body: ConfirmEmailRequest) {
    return this.commandBus.execute(
      new ConfirmEmailCommand({ accountId: body.UName, created: body.Created, expire: body.Expire, hash: body.hash }),
    );
  }

  /**
   * The unsubscribe link of comment notifications, opened (GET): a page asking to confirm, changing
   * nothing, since mail scanners and link previews open every link. No login: the link is signed.
   */
  @Get('Unsubscribe')
  @Header('Cache-Control', 'no-store')
  unsubscribeByLink(@Query(new ZodValidationPipe(unsubscribeQuerySchema)) query: UnsubscribeQuery) {
    if (!isValidUnsubscribeLink(query.uname, query.hash, this.config.credentialLinkSecret, query.kind ?? null))
      throw validationError(INVALID_LINK);
    return confirmUnsubscribePage(query.uname, query.hash, query.kind ?? null);
  }

  /** Unsubscribes: RFC 8058 one-click (List-Unsubscribe-Post) and the confirmation page's form, which gets a page back. */
  @Post('Unsubscribe')
  @HttpCode(200)
  @Header('Cache-Control', 'no-store')
  async unsubscribeOneClick(@Query(new ZodValidationPipe(unsubscribeQuerySchema)) query: UnsubscribeQuery, @Req() request: Request) {
    const kind = query.kind ?? null;
    const done: true = await this.commandBus.execute(new SetCommentNotificationsCommand(query.uname, false, query.hash, kind));
    return request.accepts(['json', 'html']) === 'html' ? unsubscribedPage(kind) : done;
  }

  /** Whether the logged-in user gets e-mails about comments on their posts and replies (`{ enabled }`). */
  @Get('CommentNotifications')
  @Authenticated()
  @ApiBearerAuth()
  async getCommentNotifications(@CurrentUser() user: SessionUser) {
    return commentNotificationsOf(await this.queryBus.execute(new GetEmailPreferencesQuery(user.accountId)));
  }

  /** Which notification kinds the logged-in user gets e-mails of (comments and replies unless they chose). */
  @Get('EmailPreferences')
  @Authenticated()
  @ApiBearerAuth()
  getEmailPreferences(@CurrentUser() user: SessionUser) {
    return this.queryBus.execute(new GetEmailPreferencesQuery(user.accountId));
  }

  /** The logged-in user turns e-mails of one kind on or off; the answer is every kind's setting. */
  @Put('EmailPreferences')
  @Authenticated()
  @ApiBearerAuth()
  async setEmailPreference(
    @Body(new ZodValidationPipe(emailPreferenceRequestSchema)) body: EmailPreferenceRequest,
    @CurrentUser() user: SessionUser,
  ) {
    await this.commandBus.execute(new SetCommentNotificationsCommand(user.accountId, body.enabled, null, body.kind));
    return this.queryBus.execute(new GetEmailPreferencesQuery(user.accountId));
  }

  /** The logged-in user turns e-mails about comments on their posts and replies on or off. */
  @Put('CommentNotifications')
  @Authenticated()
  @ApiBearerAuth()
  setCommentNotifications(
    @Body(new ZodValidationPipe(commentNotificationsRequestSchema)) body: CommentNotificationsRequest,
    @CurrentUser() user: SessionUser,
  ) {
    return this.commandBus.execute(new SetCommentNotificationsCommand(user.accountId, body.enabled, null));
  }
}
