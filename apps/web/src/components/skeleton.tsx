/** Grey placeholder blocks shown while a page or its data loads (spec §2: skeleton while a page loads). */
export function Skeleton({ lines = 3, title = true }: { lines?: number; title?: boolean }) {
  return (
    <div className="skeleton" aria-hidden="true">
      {title && <div className="skeleton-bar skeleton-title" />}
      {Array.from({ length: lines }, (_, i) => (
        // Placeholder rows have no identity beyond their position.
        // biome-ignore lint/suspicious/noArrayIndexKey: static placeholder list
        <div key={i} className="skeleton-bar" style={{ width: `${92 - ((i * 17) % 40)}%` }} />
      ))}
    </div>
  );
}

/** The placeholder of a whole page while its code or first data loads. */
export function PageSkeleton() {
  return (
    <div className="page-skeleton" role="status" aria-busy="true" aria-label="页面加载中">
      <Skeleton lines={2} />
      <div className="skeleton-grid">
        {['a', 'b', 'c', 'd'].map((k) => (
          <div key={k} className="skeleton-card" />
        ))}
      </div>
      <Skeleton lines={3} title={false} />
    </div>
  );
}

/** Placeholder cards of a product grid while its goods load. */
export function CardGridSkeleton({ count = 8, label = '商品加载中' }: { count?: number; label?: string }) {
  return (
    <div className="skeleton-grid" role="status" aria-busy="true" aria-label={label}>
      {Array.from({ length: count }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: static placeholder list
        <div key={i} className="skeleton-card" />
      ))}
    </div>
  );
}
