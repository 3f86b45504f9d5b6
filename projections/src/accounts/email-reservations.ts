import { emailReservationStreamName, type EmailReserved } from '@app/domain';
import type { EventStore } from '@app/event-store';

/** Claims on one e-mail (by its lookup hash), oldest first; the latest names the account (by its id). */
export async function emailReservations(eventStore: EventStore, emailLookup: string) {
  const recorded = await eventStore.readStream(emailReservationStreamName(emailLookup));
  return recorded.map((event) => ({
    accountId: (event.data as EmailReserved['data']).accountId,
    revision: event.revision,
    recordedAt: event.recordedAt,
  }));
}

export async function accountIdByEmailLookup(eventStore: EventStore, emailLookup: string): Promise<string | null> {
  return (await emailReservations(eventStore, emailLookup)).at(-1)?.accountId ?? null;
}
