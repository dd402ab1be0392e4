import { NavLink } from 'react-router';
import { paths } from '@/lib/paths';

/** The head of the buyer's workspace (ADR 018): the page's title and its three pages, one tab each. */
export function UserPageHead({ title }: { title: string }) {
  return (
    <div className="user-page-head">
      <h1 className="user-page-title">{title}</h1>
      <nav className="user-page-nav" aria-label="订货工作台">
        <NavLink to={paths.user.products()} end>
          快速订货
        </NavLink>
        <NavLink to={paths.user.order()} end>
          常购清单
        </NavLink>
        <NavLink to={paths.user.packing()} end>
          装箱单
        </NavLink>
      </nav>
    </div>
  );
}
