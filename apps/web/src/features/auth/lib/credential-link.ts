/** The signed fields of a reset or confirmation link (query: uname, created, expire, hash), as the API takes them. */
export interface CredentialLink {
  UName: string;
  Created: string;
  Expire: string;
  hash: string;
}

export function credentialLinkFrom(query: URLSearchParams): CredentialLink {
  const field = (name: string) => query.get(name) ?? '';
  return { UName: field('uname'), Created: field('created'), Expire: field('expire'), hash: field('hash') };
}
