import type { ReactNode } from 'react';
import { Link } from 'react-router';

/** True for an address inside the shop ('/products/3'), false for another site ('https://…', '//host'). */
function isInternal(to: string): boolean {
  return to.startsWith('/') && !to.startsWith('//');
}

/**
 * A link to a destination computed by linkDestination (spec §2 'Link destinations'): in-app paths go through
 * the router, a 'url' link to another site opens in a new tab.
 */
export function SmartLink({
  to,
  className,
  children,
  label,
  tabIndex,
}: {
  to: string;
  className?: string;
  children: ReactNode;
  label?: string;
  /** -1 keeps a link out of the tab order (a carousel slide that is not shown). */
  tabIndex?: number;
}) {
  if (isInternal(to)) {
    return (
      <Link to={to} className={className} aria-label={label} tabIndex={tabIndex}>
        {children}
      </Link>
    );
  }
  return (
    <a
      href={to}
      className={className}
      aria-label={label}
      tabIndex={tabIndex}
      target="_blank"
      rel="noopener noreferrer"
    >
      {children}
    </a>
  );
}
