import { useState } from 'react';
import '@/components/profile-picture.css';

/** Where the server serves an uploaded profile picture (SPEC §7). */
export const profilePictureUrl = (uploadedFileName: string) => `/ProfilePictures/${encodeURIComponent(uploadedFileName)}`;

interface ProfilePictureProps {
  /** The stored picture's name; empty or null when the user has none. */
  uploadedFileName: string | null | undefined;
  /** Whose picture it is, for the alt text. */
  name: string;
  size?: 'small' | 'large';
}

/** A user's picture, or the default unknown-user icon when there is none or it does not load (SPEC §8). */
export function ProfilePicture({ uploadedFileName, name, size = 'small' }: ProfilePictureProps) {
  const [brokenName, setBrokenName] = useState<string | null>(null);
  const className = `profile-picture profile-picture-${size}`;
  // Its box is known before the picture loads (profile-picture.css draws it at this size).
  const pixels = size === 'small' ? 40 : 160;
  if (!uploadedFileName || brokenName === uploadedFileName) return <UnknownUserIcon className={className} label={`${name} (no picture)`} />;
  return (
    <img
      className={className}
      src={profilePictureUrl(uploadedFileName)}
      alt={name}
      width={pixels}
      height={pixels}
      onError={() => setBrokenName(uploadedFileName)}
    />
  );
}

/** The default unknown-user icon: a head and shoulders on grey. */
export function UnknownUserIcon({ className, label }: { className?: string; label: string }) {
  return (
    <svg className={`unknown-user-icon ${className ?? ''}`.trim()} viewBox="0 0 64 64" role="img" aria-label={label}>
      <title>{label}</title>
      <rect width="64" height="64" fill="#d9e2ec" />
      <circle cx="32" cy="24" r="12" fill="#9aa5b1" />
      <path d="M10 60c0-13 10-20 22-20s22 7 22 20z" fill="#9aa5b1" />
    </svg>
  );
}
