import { Link } from 'react-router-dom';
import { paths } from '@/config/paths';

const FOOTER_LINKS = [
  { label: 'Home', to: paths.home.getHref() },
  { label: 'About Site', to: paths.aboutSite.getHref() },
  { label: 'About Me', to: paths.aboutMe.getHref() },
  { label: 'Contact Me', to: paths.contactMe.getHref() },
  { label: 'Privacy', to: paths.privacy.getHref() },
  { label: 'Write For Us', to: paths.writeForUs.getHref() },
];

export const SITE_VERSION = '2025';

export function Footer() {
  return (
    <footer className="site-footer">
      <nav aria-label="Footer">
        <ul className="footer-links">
          {FOOTER_LINKS.map((link) => (
            <li key={link.to}>
              <Link to={link.to}>{link.label}</Link>
            </li>
          ))}
        </ul>
      </nav>
      <p className="footer-meta">
        <span className="version-label">Version {SITE_VERSION}</span>
        <span>© 2012-2025 DevCommunity. All rights reserved.</span>
      </p>
    </footer>
  );
}
