import { useEffect, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { paths } from '@/lib/paths';
import { useCategories } from '../api/get-categories';

/**
 * '全部分类' in the header nav: the category tree as a dropdown (hover on desktop, tap on phones). Plain CSS,
 * because the header is part of the first download (docs/decisions/004).
 */
export function CategoryMenu() {
  const { data: roots } = useCategories();
  const [open, setOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  // A mouse opens the menu on hover; the click that usually follows must not close it again.
  const openedByHover = useRef(false);
  const { pathname, search } = useLocation();

  // biome-ignore lint/correctness/useExhaustiveDependencies: close the menu whenever the page changes
  useEffect(() => setOpen(false), [pathname, search]);

  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setOpen(false);
    };
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  return (
    // Hover only mirrors the button, which stays the accessible control.
    <div
      className={`category-menu${open ? ' is-open' : ''}`}
      ref={rootRef}
      onPointerEnter={(e) => {
        if (e.pointerType !== 'mouse' || open) return;
        openedByHover.current = true;
        setOpen(true);
      }}
      onPointerLeave={(e) => {
        if (e.pointerType === 'mouse') setOpen(false);
      }}
    >
      <button
        type="button"
        className="category-menu-trigger"
        aria-expanded={open}
        aria-controls="category-menu-panel"
        onClick={() => {
          const keepOpen = openedByHover.current;
          openedByHover.current = false;
          setOpen((v) => keepOpen || !v);
        }}
      >
        全部分类 <span aria-hidden="true">▾</span>
      </button>
      {open && (
        <div id="category-menu-panel" className="category-menu-panel">
          {roots && roots.length > 0 ? (
            <ul className="category-menu-list">
              {roots.map((root) => (
                <li key={root.id}>
                  <Link className="category-menu-root" to={paths.products(root.id)}>
                    {root.name}
                  </Link>
                  {root.children.length > 0 && (
                    <div className="category-menu-children">
                      {root.children.map((child) => (
                        <Link key={child.id} to={paths.products(child.id)}>
                          {child.name}
                        </Link>
                      ))}
                    </div>
                  )}
                </li>
              ))}
            </ul>
          ) : (
            <p className="category-menu-empty">{roots ? '暂无分类' : '分类加载中…'}</p>
          )}
        </div>
      )}
    </div>
  );
}
