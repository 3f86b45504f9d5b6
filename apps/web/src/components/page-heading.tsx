import { useEffect, type ReactNode } from 'react';

/** The page's main heading; also names the browser tab. */
export function PageHeading({ title, children }: { title: string; children?: ReactNode }) {
  useEffect(() => {
    document.title = `${title} | DevCommunity`;
  }, [title]);
  return <h1 className="page-heading">{children ?? title}</h1>;
}
