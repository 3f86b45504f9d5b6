import type { ButtonHTMLAttributes } from 'react';
import './link-button.css';

/** An action that reads like a link in running text ('Approve', 'Delete', 'More results'), but is a button. */
export function LinkButton({ className, type = 'button', ...props }: ButtonHTMLAttributes<HTMLButtonElement>) {
  return <button type={type} className={`link-button ${className ?? ''}`.trim()} {...props} />;
}
