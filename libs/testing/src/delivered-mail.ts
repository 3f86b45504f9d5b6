import { AddressObject, ParsedMail } from 'mailparser';

/** What a test sees of a delivered message, whichever way it was delivered. */
export interface DeliveredMail {
  to: string;
  from: string;
  subject: string;
  text: string;
  html?: string;
  messageId: string;
}

/** The fields the contract compares, from a message parsed by mailparser. */
export function deliveredMail(parsed: ParsedMail): DeliveredMail {
  return {
    to: addresses(parsed.to).join(', '),
    from: addresses(parsed.from).join(', '),
    subject: parsed.subject ?? '',
    text: parsed.text ?? '',
    html: parsed.html === false ? undefined : parsed.html,
    messageId: parsed.messageId ?? '',
  };
}

function addresses(field: AddressObject | AddressObject[] | undefined): string[] {
  const objects = field === undefined ? [] : Array.isArray(field) ? field : [field];
  return objects.flatMap((object) => object.value.map((address) => address.address ?? ''));
}
