import { Link } from 'react-router-dom';

const FOOTER_LINKS = [
  { label: 'Home', to: '/' },
  { label: 'About Site', to: '/about-site' },
  { label: 'About Me', to: '/about-me' },
  { label: 'Contact Me', to: '/contact-me' },
  { label: 'Privacy', to: '/privacy' },
  { label: 'Write For Us', to: '/write-for-us' },
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
