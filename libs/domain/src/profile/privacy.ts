import { formatAge } from './age';

/** Who reads a profile, as far as privacy goes. */
export type ProfileViewer = 'anonymous' | 'another-user' | 'owner';

/** `viewerAccountId` is the signed-in reader's account id, or null for an anonymous reader. */
export function profileViewer(viewerAccountId: string | null, ownerAccountId: string): ProfileViewer {
  if (viewerAccountId === null) return 'anonymous';
  return viewerAccountId === ownerAccountId ? 'owner' : 'another-user';
}

/** The profile's fields that privacy may hide, opened from sealed data. */
export interface PrivateProfileFields {
  /** The login e-mail (read-only on the profile). */
  email: string | null;
  contactEmail: string | null;
  phone: string | null;
  dateOfBirth: string | null;
}

export interface PrivacyFlags {
  showEmail: boolean;
  showPhone: boolean;
  showDOB: boolean;
}

export interface VisibleProfileFields extends PrivateProfileFields {
  /** 'N Years', shown under the date-of-birth rule. */
  age: string | null;
}

/**
 * What a reader may see of the private fields: the owner sees everything; anyone else (signed in
 * or not) sees the e-mails only with showEmail, the phone only with showPhone, and the date of
 * birth and the age derived from it only with showDOB.
 */
export function visiblePersonalFields(
  fields: PrivateProfileFields,
  flags: PrivacyFlags,
  viewer: ProfileViewer,
  now: Date,
): VisibleProfileFields {
  const owner = viewer === 'owner';
  const showEmail = owner || flags.showEmail;
  const showDOB = owner || flags.showDOB;
  return {
    email: showEmail ? fields.email : null,
    contactEmail: showEmail ? fields.contactEmail : null,
    phone: owner || flags.showPhone ? fields.phone : null,
    dateOfBirth: showDOB ? fields.dateOfBirth : null,
    age: showDOB ? formatAge(fields.dateOfBirth, now) : null,
  };
}
