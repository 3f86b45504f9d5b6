import { readdir, readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type AddressParser from 'nodemailer/lib/addressparser';

/** The `.eml` header that lists the account ids whose personal data a mail carries (MailMessage.about). */
export const PERSONAL_DATA_OF_HEADER = 'X-Personal-Data-Of';

/** Whose mail to forget: the erased account, and its e-mail address when it is still known. */
export interface MailSubject {
  accountId: string;
  email?: string;
}

/**
 * Deletes the `.eml` files of the embedded mail folder (FileMailTransport) that carry the erased
 * person's personal data: those that list their account id (sent to them, or naming them, like a
 * notification of their comment to someone else), and those addressed to their e-mail (To or Cc,
 * compared address by address). Other people's mail stays, whatever it contains. Returns how many
 * files went.
 */
export function forgetMailOf(folder: string, subject: MailSubject): Promise<number> {
  const email = subject.email?.trim().toLowerCase();
  return forgetMail(
    folder,
    (about, recipients) => about.includes(subject.accountId) || (email !== undefined && recipients.includes(email)),
  );
}

/** The same for many erased accounts known by id alone (a restore re-applying the erasure ledger): one pass over the folder. */
export function forgetMailOfAccounts(folder: string, accountIds: ReadonlySet<string>): Promise<number> {
  return forgetMail(folder, (about) => about.some((id) => accountIds.has(id)));
}

async function forgetMail(folder: string, matches: (about: string[], recipients: string[]) => boolean): Promise<number> {
  const names = (await readdir(folder).catch(() => [] as string[])).filter((file) => file.endsWith('.eml'));
  if (names.length === 0) return 0;
  // Loaded only when there is mail to read: the operator CLI loads no nodemailer otherwise (docs/decisions.md, "A process loads only the engine clients it uses").
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const addressparser = require('nodemailer/lib/addressparser') as typeof AddressParser;
  let deleted = 0;
  for (const name of names) {
    const path = join(folder, name);
    const text = await readFile(path, 'utf8').catch(() => null);
    if (text === null) continue;
    const headers = headersOf(text);
    const about = (headers.get(PERSONAL_DATA_OF_HEADER.toLowerCase()) ?? []).flatMap((value) => value.split(/\s+/));
    const recipients = [...(headers.get('to') ?? []), ...(headers.get('cc') ?? [])].flatMap((value) =>
      addressparser(value, { flatten: true }).map((address) => address.address.toLowerCase()),
    );
    if (matches(about, recipients)) {
      await rm(path, { force: true });
      deleted += 1;
    }
  }
  return deleted;
}

/** The header block of an RFC 822 message (up to the first empty line), unfolded, by lower-case name. */
function headersOf(message: string): Map<string, string[]> {
  const end = message.search(/\r?\n\r?\n/);
  const block = (end === -1 ? message : message.slice(0, end)).replace(/\r?\n[ \t]+/g, ' ');
  const headers = new Map<string, string[]>();
  for (const line of block.split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon <= 0) continue;
    const name = line.slice(0, colon).trim().toLowerCase();
    headers.set(name, [...(headers.get(name) ?? []), line.slice(colon + 1).trim()]);
  }
  return headers;
}
