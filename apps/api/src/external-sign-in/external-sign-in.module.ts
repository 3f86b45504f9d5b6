import { Module } from '@nestjs/common';
import { ListExternalIdentitiesHandler, UnlinkExternalIdentityHandler } from './external-identities';
import { ExchangeHandoffHandler, FinishExternalSignInHandler } from './external-sign-in.command';
import { ExternalSignInController } from './external-sign-in.controller';
import { FlowCookies } from './flow-cookie';
import { Handoffs } from './handoffs';
import { ProviderClients } from './provider-clients';
import { SingleUseSecrets } from '../shared/single-use-secrets';

/** Sign-in with GitHub and an OpenID Connect provider (docs/security.md, 'External sign-in'). */
@Module({
  controllers: [ExternalSignInController],
  providers: [
    ProviderClients,
    FlowCookies,
    Handoffs,
    SingleUseSecrets,
    FinishExternalSignInHandler,
    ExchangeHandoffHandler,
    ListExternalIdentitiesHandler,
    UnlinkExternalIdentityHandler,
  ],
})
export class ExternalSignInModule {}
