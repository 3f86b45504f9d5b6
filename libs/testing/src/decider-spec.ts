import { DomainError, fold, type Decider, type DomainErrorKind } from '@app/domain';

/**
 * Given/when/then for deciders, used only by tests:
 *   deciderSpec(articleDecider).given([drafted]).when(publish).then([published]);
 *   deciderSpec(articleDecider).given([]).when(publish).thenThrows('not_found', 'Article not found.');
 */
export function deciderSpec<State, Command, Event>(decider: Decider<State, Command, Event>) {
  return {
    given: (events: readonly Event[]) => ({
      when: (command: Command) => {
        const decide = () => decider.decide(command, fold(decider, events));
        return {
          then: (expected: readonly Event[]) => expect(decide()).toEqual(expected),
          thenThrows: (kind: DomainErrorKind, message?: string) => {
            let thrown: unknown;
            try {
              decide();
            } catch (error) {
              thrown = error;
            }
            expect(thrown).toBeInstanceOf(DomainError);
            expect((thrown as DomainError).kind).toBe(kind);
            if (message !== undefined) expect((thrown as DomainError).message).toBe(message);
          },
        };
      },
    }),
  };
}
