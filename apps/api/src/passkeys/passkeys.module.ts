import { Module } from '@nestjs/common';
import {
  LoginWithPasskeyHandler,
  PassSecondFactorWithPasskeyHandler,
  StartPasskeyLoginHandler,
  StartPasskeySecondFactorHandler,
} from './login-passkey.command';
import { PasskeyChallenges } from './passkey-challenges';
import { PasskeyUse } from './passkey-use';
import { RegisterPasskeyHandler, RemovePasskeyHandler, RenamePasskeyHandler, StartPasskeyRegistrationHandler } from './passkeys.command';
import { PasskeysController } from './passkeys.controller';
import { ListPasskeysHandler } from './passkeys.query';
import { RelyingParty } from './relying-party';
import { SingleUseSecrets } from '../shared/single-use-secrets';

/** Passkeys (WebAuthn) with @simplewebauthn/server (docs/decisions.md, 'Passkeys'). */
@Module({
  controllers: [PasskeysController],
  providers: [
    RelyingParty,
    PasskeyChallenges,
    SingleUseSecrets,
    PasskeyUse,
    ListPasskeysHandler,
    StartPasskeyRegistrationHandler,
    RegisterPasskeyHandler,
    RenamePasskeyHandler,
    RemovePasskeyHandler,
    StartPasskeyLoginHandler,
    LoginWithPasskeyHandler,
    StartPasskeySecondFactorHandler,
    PassSecondFactorWithPasskeyHandler,
  ],
})
export class PasskeysModule {}
