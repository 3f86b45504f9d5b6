import { randomUUID } from 'node:crypto';
import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { AppConfig } from '@app/config';
import type { CreateApiTokenRequest, CreatedApiToken } from '@app/contracts';
import { PersonalDataVault } from '@app/personal-data';
import { apiTokenSecretHash, newApiTokenSecret } from '../auth/api-token-secrets';
import { EventSourcedCommands } from '../infrastructure/event-sourced-commands';
import { APP_CONFIG, CLOCK, type Clock } from '../infrastructure/tokens';
import { onOwnAccount } from '../accounts/own-account';

const DAY_MS = 24 * 60 * 60 * 1000;

export class CreateApiTokenCommand extends Command<CreatedApiToken> {
  constructor(
    readonly accountId: string,
    readonly request: CreateApiTokenRequest,
  ) {
    super();
  }
}

/**
 * Makes a personal API token: a random secret shown once in the answer, recorded only as its keyed
 * hash (`ApiTokenCreated`, the name sealed with the owner's key). Settled before answering, so the
 * token works from the caller's very next request on any API process.
 */
@CommandHandler(CreateApiTokenCommand)
export class CreateApiTokenHandler implements ICommandHandler<CreateApiTokenCommand, CreatedApiToken> {
  constructor(
    private readonly commands: EventSourcedCommands,
    private readonly vault: PersonalDataVault,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async execute({ accountId, request }: CreateApiTokenCommand): Promise<CreatedApiToken> {
    const now = this.clock();
    const tokenId = randomUUID();
    const { token, secret } = newApiTokenSecret(tokenId);
    const expiresAt = new Date(now.getTime() + request.expiresInDays * DAY_MS);
    const sealedName = await this.vault.seal(accountId, { name: request.name });
    const { events } = await onOwnAccount(
      this.commands,
      {
        type: 'CreateApiToken',
        accountId,
        tokenId,
        sealedName,
        secretHash: apiTokenSecretHash(secret, this.config.emailLookupPepper),
        scopes: request.scopes,
        expiresAt,
        now,
      },
      ['sign-in'],
    );
    const created = events.find((event) => event.type === 'ApiTokenCreated');
    const scopes = created?.type === 'ApiTokenCreated' ? created.data.scopes : [...new Set(request.scopes)];
    return {
      id: tokenId,
      name: request.name,
      scopes,
      createdAt: now.toISOString(),
      expiresAt: expiresAt.toISOString(),
      lastUsedAt: null,
      token,
    };
  }
}

export class RevokeApiTokenCommand extends Command<true> {
  constructor(
    readonly accountId: string,
    readonly tokenId: string,
  ) {
    super();
  }
}

/** The owner revokes a token: refused from the next request on (settled), another's answers 404. */
@CommandHandler(RevokeApiTokenCommand)
export class RevokeApiTokenHandler implements ICommandHandler<RevokeApiTokenCommand, true> {
  constructor(private readonly commands: EventSourcedCommands) {}

  async execute({ accountId, tokenId }: RevokeApiTokenCommand): Promise<true> {
    await onOwnAccount(this.commands, { type: 'RevokeApiToken', accountId, tokenId }, ['sign-in']);
    return true;
  }
}
