import { Body, Controller, Delete, Get, HttpCode, Inject, Ip, Param, Post, Req, Res } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { z } from 'zod';
import type { AppConfig } from '@app/config';
import { externalExchangeRequestSchema, type ExternalExchangeRequest } from '@app/contracts';
import { DomainError } from '@app/domain';
import { Authenticated, CurrentUser, SessionOnly } from '../auth/auth.decorators';
import type { SessionUser } from '../auth/session-user';
import { AccountDirectory } from '../accounts/account-directory';
import { cookieValue } from '../accounts/known-devices';
import { ZodValidationPipe } from '../http/zod-validation.pipe';
import { APP_CONFIG } from '../infrastructure/tokens';
import { ListExternalIdentitiesQuery, UnlinkExternalIdentityCommand } from './external-identities';
import { ExchangeHandoffCommand, FinishExternalSignInCommand } from './external-sign-in.command';
import {
  FLOW_COOKIE,
  FLOW_COOKIE_PATH,
  FLOW_LIFETIME_MS,
  FlowCookies,
  HANDOFF_COOKIE,
  HANDOFF_COOKIE_PATH,
  type SignInFlow,
} from './flow-cookie';
import { EXTERNAL_SIGN_IN_FAILED, ProviderClients } from './provider-clients';

/** The SPA page that finishes an external sign-in: it exchanges `code`, or shows `error`, or says `linked`. */
export const EXTERNAL_SIGN_IN_PAGE = '/login/external';

const providerId = new ZodValidationPipe(z.enum(['github', 'oidc'], { message: 'This sign-in method is not available.' }));
const identityId = new ZodValidationPipe(z.string().regex(/^[0-9a-f]{64}$/, '- id is not valid.'));

/**
 * Sign-in with GitHub or an OpenID Connect provider: the redirect out (Start for a login, Link
 * for the logged-in owner), the provider's callback, the SPA's exchange of the one-time code, and
 * the linked identities of Settings.
 */
@ApiTags('Account')
@Controller('Account')
export class ExternalSignInController {
  constructor(
    private readonly commandBus: CommandBus,
    private readonly queryBus: QueryBus,
    private readonly providers: ProviderClients,
    private readonly flows: FlowCookies,
    private readonly directory: AccountDirectory,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Get('External/Providers')
  @ApiOperation({ summary: "The sites one may sign in with ('Continue with …'); empty when none is configured." })
  list() {
    return this.providers.providers();
  }

  @Get('External/:provider/Start')
  @ApiOperation({ summary: 'Redirects the browser to the provider to sign in (or sign up) with it.' })
  async start(@Param('provider', providerId) id: string, @Req() request: Request, @Res() response: Response) {
    try {
      const { url, checks } = await this.providers.authorizationUrl(this.providers.provider(id));
      this.setFlowCookie(request, response, { provider: id, mode: 'login', ...checks });
      response.redirect(302, url);
    } catch (error) {
      this.redirectToSpa(response, { error: messageOf(error) });
    }
  }

  @Post('External/:provider/Link')
  @HttpCode(200)
  @Authenticated()
  @SessionOnly()
  @ApiBearerAuth()
  @ApiOperation({
    summary: 'Starts linking a provider to your account: answers `{ url }` to send the browser to; the callback links it.',
  })
  async link(
    @Param('provider', providerId) id: string,
    @CurrentUser() user: SessionUser,
    @Req() request: Request,
    @Res({ passthrough: true }) response: Response,
  ) {
    const provider = this.providers.provider(id);
    const account = await this.directory.findById(user.accountId);
    const { url, checks } = await this.providers.authorizationUrl(provider);
    this.setFlowCookie(request, response, {
      provider: id,
      mode: 'link',
      accountId: user.accountId,
      credentialVersion: account?.state.credentialVersion,
      ...checks,
    });
    return { url };
  }

  @Get('External/:provider/Callback')
  @ApiOperation({ summary: "The provider's redirect back; ends in the SPA with a one-time code (never a token in the URL)." })
  async callback(@Param('provider', providerId) id: string, @Ip() ip: string, @Req() request: Request, @Res() response: Response) {
    const flow: SignInFlow | null = this.flows.open(cookieValue(request.headers.cookie, FLOW_COOKIE), id);
    response.clearCookie(FLOW_COOKIE, { path: FLOW_COOKIE_PATH });
    try {
      if (!flow) throw new DomainError('unauthorized', EXTERNAL_SIGN_IN_FAILED);
      const callbackUrl = new URL(request.originalUrl, this.config.publicUrl);
      const outcome = await this.commandBus.execute(new FinishExternalSignInCommand(flow, callbackUrl, ip));
      if (outcome.mode === 'link') return this.redirectToSpa(response, { linked: id });
      // Strict: only the SPA's own call to the exchange sends it back.
      response.cookie(HANDOFF_COOKIE, outcome.binding, {
        httpOnly: true,
        sameSite: 'strict',
        secure: request.secure,
        path: HANDOFF_COOKIE_PATH,
        maxAge: FLOW_LIFETIME_MS,
      });
      this.redirectToSpa(response, { code: outcome.code });
    } catch (error) {
      this.redirectToSpa(response, { error: messageOf(error), ...(flow?.mode === 'link' ? { linked: '' } : {}) });
    }
  }

  @Post('External/Exchange')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Trades the one-time code of the callback for the login result (or `{twoFactorRequired, challenge}` when two-factor is on).',
  })
  exchange(
    @Body(new ZodValidationPipe(externalExchangeRequestSchema)) body: ExternalExchangeRequest,
    @Ip() ip: string,
    @Req() request: Request,
    @Res({ passthrough: true }) response: Response,
  ) {
    const binding = cookieValue(request.headers.cookie, HANDOFF_COOKIE);
    response.clearCookie(HANDOFF_COOKIE, { path: HANDOFF_COOKIE_PATH });
    return this.commandBus.execute(new ExchangeHandoffCommand(body.code, binding, { ip, userAgent: request.headers['user-agent'] ?? '' }));
  }

  @Get('ExternalIdentities')
  @Authenticated()
  @SessionOnly()
  @ApiBearerAuth()
  @ApiOperation({ summary: 'The provider accounts linked to yours.' })
  identities(@CurrentUser() user: SessionUser) {
    return this.queryBus.execute(new ListExternalIdentitiesQuery(user.accountId));
  }

  @Delete('ExternalIdentities/:id')
  @Authenticated()
  @SessionOnly()
  @ApiBearerAuth()
  @ApiOperation({ summary: 'Unlinks a provider account; never the last way to sign in of an account without a password.' })
  unlink(@Param('id', identityId) id: string, @CurrentUser() user: SessionUser) {
    return this.commandBus.execute(new UnlinkExternalIdentityCommand(user.accountId, id));
  }

  private setFlowCookie(request: Request, response: Response, flow: SignInFlow) {
    response.cookie(FLOW_COOKIE, this.flows.seal(flow), {
      httpOnly: true,
      // Lax: the provider's redirect back is a top-level navigation from another site.
      sameSite: 'lax',
      secure: request.secure,
      path: FLOW_COOKIE_PATH,
      maxAge: FLOW_LIFETIME_MS,
    });
  }

  private redirectToSpa(response: Response, query: Record<string, string>) {
    response.redirect(302, `${this.config.publicUrl}${EXTERNAL_SIGN_IN_PAGE}?${new URLSearchParams(query).toString()}`);
  }
}

/** Domain errors are meant for users; anything else says only that it did not work. */
const messageOf = (error: unknown) => (error instanceof DomainError ? error.message : EXTERNAL_SIGN_IN_FAILED);
