import { type Brand, groupByInitial, NON_LETTER_GROUP } from '@shop/domain';
import { BrandTile } from './brand-tile';

const LETTERS = [...'ABCDEFGHIJKLMNOPQRSTUVWXYZ', NON_LETTER_GROUP];

const groupId = (initial: string) => `brand-group-${initial === NON_LETTER_GROUP ? 'other' : initial}`;

/**
 * Every brand grouped by initial (spec §7 goodsbrand/list/: by first letter, Chinese names by pinyin initial,
 * A–Z with '#' last), with a letter bar that scrolls to a group.
 */
export function BrandsAZ({ brands }: { brands: Brand[] }) {
  const groups = groupByInitial(brands, (b) => b.initial);
  const present = new Set(groups.map((g) => g.initial));
  const jump = (initial: string) => {
    const target = document.getElementById(groupId(initial));
    const smooth = !window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
    target?.scrollIntoView?.({ behavior: smooth ? 'smooth' : 'auto', block: 'start' });
    target?.focus({ preventScroll: true });
  };
  return (
    <div className="brands-az">
      <nav className="letter-bar" aria-label="按首字母跳转">
        {LETTERS.map((letter) => (
          <button
            key={letter}
            type="button"
            className="letter"
            disabled={!present.has(letter)}
            onClick={() => jump(letter)}
          >
            {letter}
          </button>
        ))}
      </nav>
      {groups.map((group) => (
        <section
          key={group.initial}
          id={groupId(group.initial)}
          className="brand-group"
          aria-label={`${group.initial} 开头的品牌`}
          tabIndex={-1}
        >
          <h2 className="brand-group-title">{group.initial}</h2>
          <div className="brand-tiles">
            {group.items.map((brand) => (
              <BrandTile key={brand.id} brand={brand} />
            ))}
          </div>
        </section>
      ))}
    </div>
  );
}
