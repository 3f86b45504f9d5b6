export interface ShareLink {
  network: 'X (Twitter)' | 'LinkedIn' | 'Facebook';
  href: string;
}

/** Plain share URLs of each network (no scripts of theirs on our pages). */
export function shareLinks(pageUrl: string, title: string): ShareLink[] {
  const url = encodeURIComponent(pageUrl);
  return [
    { network: 'X (Twitter)', href: `https://twitter.com/intent/tweet?url=${url}&text=${encodeURIComponent(title)}` },
    { network: 'LinkedIn', href: `https://www.linkedin.com/sharing/share-offsite/?url=${url}` },
    { network: 'Facebook', href: `https://www.facebook.com/sharer/sharer.php?u=${url}` },
  ];
}
