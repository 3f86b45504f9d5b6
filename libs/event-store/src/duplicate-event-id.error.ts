/**
 * An append carried an event id the store already holds. Nothing of that append was written.
 * Ids make a retried append (after a lost answer) harmless: the event is not stored twice.
 */
export class DuplicateEventIdError extends Error {
  constructor(
    readonly streamName: string,
    readonly eventIds: readonly string[],
  ) {
    super(`Stream ${streamName}: an event with one of the ids ${eventIds.join(', ')} is already stored`);
    this.name = 'DuplicateEventIdError';
  }
}
