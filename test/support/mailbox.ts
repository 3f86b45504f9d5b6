import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { simpleParser } from 'mailparser';
import { deliveredMail, type DeliveredMail } from '@app/testing';

/** Waits for the e-mail the embedded site wrote as an .eml file under DATA_DIR/mail for `to`. */
export async function waitForMailTo(
  dataDir: string,
  to: string,
  options: { subject?: RegExp; timeoutMs?: number } = {},
): Promise<DeliveredMail> {
  const deadline = Date.now() + (options.timeoutMs ?? 15_000);
  const directory = join(dataDir, 'mail');
  for (;;) {
    const files = existsSync(directory)
      ? readdirSync(directory)
          .filter((file) => file.endsWith('.eml'))
          .sort()
          .reverse()
      : [];
    for (const file of files) {
      const mail = deliveredMail(await simpleParser(readFileSync(join(directory, file))));
      if (mail.to.toLowerCase() === to.toLowerCase() && (!options.subject || options.subject.test(mail.subject))) return mail;
    }
    if (Date.now() > deadline) throw new Error(`No e-mail to ${to} within the time limit`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

export async function countMailTo(dataDir: string, to: string): Promise<number> {
  return (await mailsTo(dataDir, to)).length;
}

/** Every e-mail delivered to `to` so far, with `subject` matching when given (wait for `mailSettled` first). */
export async function mailsTo(dataDir: string, to: string, subject?: RegExp): Promise<DeliveredMail[]> {
  const directory = join(dataDir, 'mail');
  if (!existsSync(directory)) return [];
  const mails = await Promise.all(
    readdirSync(directory)
      .filter((file) => file.endsWith('.eml'))
      .map(async (file) => deliveredMail(await simpleParser(readFileSync(join(directory, file))))),
  );
  return mails.filter((mail) => mail.to.toLowerCase() === to.toLowerCase() && (!subject || subject.test(mail.subject)));
}

/** The first link of a mail's text, split into the query fields the SPA posts back. */
export function linkIn(mail: DeliveredMail) {
  const url = new URL(/https?:\/\/\S+/.exec(mail.text)![0]);
  const field = (name: string) => url.searchParams.get(name) ?? '';
  return { url, path: url.pathname, UName: field('uname'), Created: field('created'), Expire: field('expire'), hash: field('hash') };
}
