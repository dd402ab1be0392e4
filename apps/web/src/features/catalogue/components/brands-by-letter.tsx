import { type Brand, groupByInitial } from '@shop/domain';
import { useState } from 'react';
import { BrandTile } from './brand-tile';

/** One letter's brands at a time, chosen with letter tabs (spec §2 /brands/letters). */
export function BrandsByLetter({ brands }: { brands: Brand[] }) {
  const groups = groupByInitial(brands, (b) => b.initial);
  const [chosen, setChosen] = useState<string | undefined>(undefined);
  const current = groups.find((g) => g.initial === chosen) ?? groups[0];
  if (!current) return null;
  return (
    <div className="brands-letters">
      <div className="letter-bar" role="tablist" aria-label="首字母">
        {groups.map((group) => (
          <button
            key={group.initial}
            type="button"
            role="tab"
            id={`letter-tab-${group.initial}`}
            aria-selected={group.initial === current.initial}
            aria-controls="letter-panel"
            className="letter"
            onClick={() => setChosen(group.initial)}
          >
            {group.initial}
          </button>
        ))}
      </div>
      <div
        id="letter-panel"
        role="tabpanel"
        aria-labelledby={`letter-tab-${current.initial}`}
        className="brand-tiles"
      >
        {current.items.map((brand) => (
          <BrandTile key={brand.id} brand={brand} />
        ))}
      </div>
    </div>
  );
}
