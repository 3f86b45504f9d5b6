import { DomainError, fold, type Decider, type DomainErrorKind } from '@app/domain';

type ErrorType<E extends Error> = abstract new (...args: never[]) => E;

/**
 * Given/when/then for deciders, used only by tests (Emmett's `DeciderSpecification`):
 *   deciderSpec(articleDecider).given([drafted]).when(publish).then([published]);
 *   deciderSpec(articleDecider).given([published]).when(publish).thenNothingHappened();
 *   deciderSpec(articleDecider).given([]).when(publish).thenThrows(DomainError, (error) => error.kind === 'not_found');
 *   deciderSpec(articleDecider).given([]).when(publish).thenThrows('not_found', 'Article not found.');
 */
export function deciderSpec<State, Command, Event>(decider: Decider<State, Command, Event>) {
  return {
    given: (events: readonly Event[]) => ({
      when: (command: Command) => {
        const decide = () => decider.decide(command, fold(decider, events));
        const thrownBy = (): unknown => {
          try {
            decide();
          } catch (error) {
            return error;
          }
          throw new Error('Expected the command to be refused, but the decider decided without throwing.');
        };

        function thenThrows<E extends Error>(type: ErrorType<E>, predicate?: (error: E) => boolean): void;
        function thenThrows(kind: DomainErrorKind, message?: string): void;
        function thenThrows<E extends Error>(
          typeOrKind: ErrorType<E> | DomainErrorKind,
          predicateOrMessage?: ((error: E) => boolean) | string,
        ): void {
          const thrown = thrownBy();
          if (typeof typeOrKind === 'string') {
            // The short form for domain errors: their kind, and their message when given.
            expect(thrown).toBeInstanceOf(DomainError);
            expect((thrown as DomainError).kind).toBe(typeOrKind);
            if (typeof predicateOrMessage === 'string') expect((thrown as DomainError).message).toBe(predicateOrMessage);
            return;
          }
          expect(thrown).toBeInstanceOf(typeOrKind);
          if (typeof predicateOrMessage === 'function') expect(predicateOrMessage(thrown as E)).toBe(true);
        }

        return {
          then: (expected: readonly Event[]) => expect(decide()).toEqual(expected),
          /** The command is accepted and changes nothing: no event. */
          thenNothingHappened: () => expect(decide()).toEqual([]),
          thenThrows,
        };
      },
    }),
  };
}
