import { useScrollStrip } from '@/lib/use-scroll-strip';
import './record-list.css';

/**
 * A list's state tabs (我的询价, 我的售后, the company's 账单): a strip of tab buttons, the chosen one underlined and,
 * on a phone where the later tabs are past the right edge, scrolled into view.
 */
export function StateTabs<T extends string>({
  label,
  tabs,
  value,
  onChange,
}: {
  /** What the tabs choose, for screen readers ('售后状态'). */
  label: string;
  tabs: readonly { value: T; label: string }[];
  value: T;
  onChange: (value: T) => void;
}) {
  const ref = useScrollStrip<HTMLDivElement>('[aria-selected="true"]', value);
  return (
    <div className="state-tabs" role="tablist" aria-label={label} ref={ref}>
      {tabs.map((tab) => (
        <button
          key={tab.value}
          type="button"
          role="tab"
          aria-selected={tab.value === value}
          className="state-tab"
          onClick={() => onChange(tab.value)}
        >
          {tab.label}
        </button>
      ))}
    </div>
  );
}
