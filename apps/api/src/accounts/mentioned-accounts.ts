import { Injectable } from '@nestjs/common';
import { mentionedUserNames, sanitizeRichText } from '@app/domain';
import { AccountDirectory } from './account-directory';

/**
 * Turns the `@name` handles of a post's or comment's text into account ids for its command. User
 * names are personal data (only keyed hashes are in the log), so the inbox projection cannot do
 * it: the command records who was mentioned, as the directory knew them then. Parsed from the
 * sanitized text, the one the event will hold; names nobody holds (or whose holder was erased) drop out.
 */
@Injectable()
export class MentionedAccounts {
  constructor(private readonly directory: AccountDirectory) {}

  /** `html` as the client sent it; anything but a string (refused by the decider) mentions nobody. */
  async in(html: unknown): Promise<string[]> {
    if (typeof html !== 'string') return [];
    const names = mentionedUserNames(sanitizeRichText(html));
    const ids = await Promise.all(names.map((name) => this.directory.accountIdOfUserName(name)));
    return [...new Set(ids.filter((id): id is string => id !== null))];
  }
}
