import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import type { TwoFactorStatus } from '@app/contracts';
import { accountDecider, accountRecordOf, accountStreamName } from '@app/domain';
import { RECOVERY_CODE_COUNT } from '../accounts/two-factor/recovery-codes';
import { EventSourcedCommands } from '../infrastructure/event-sourced-commands';

export class GetTwoFactorQuery extends Query<TwoFactorStatus> {
  constructor(readonly accountId: string) {
    super();
  }
}

/** Whether two-factor is on and how many recovery codes are left, from the account's stream. */
@QueryHandler(GetTwoFactorQuery)
export class GetTwoFactorHandler implements IQueryHandler<GetTwoFactorQuery, TwoFactorStatus> {
  constructor(private readonly commands: EventSourcedCommands) {}

  async execute({ accountId }: GetTwoFactorQuery): Promise<TwoFactorStatus> {
    const { state } = await this.commands.load(accountStreamName(accountId), accountDecider);
    const twoFactor = accountRecordOf(state)?.twoFactor;
    if (twoFactor?.status !== 'on') return { enabled: false, recoveryCodesLeft: 0 };
    return { enabled: true, recoveryCodesLeft: RECOVERY_CODE_COUNT - twoFactor.usedRecoveryCodes.length };
  }
}
