import {
  isOptionAvailable,
  type PropertyOption,
  type SkuSelection,
  type SkuWithProperty,
} from '@shop/domain';

interface SkuSelectorProps {
  options: PropertyOption[];
  skus: readonly SkuWithProperty[];
  selection: SkuSelection;
  onToggle: (key: string, value: string) => void;
}

/**
 * Option buttons per attribute key (spec §3 'Property option lists use Key/Values pairs'). A value that makes
 * a combination no SKU has is disabled; pressing a chosen value again clears it, so every SKU stays reachable.
 */
export function SkuSelector({ options, skus, selection, onToggle }: SkuSelectorProps) {
  return (
    <div className="sku-selector">
      {options.map(({ key, values }) => (
        // biome-ignore lint/a11y/useSemanticElements: a row of toggle buttons, not a form fieldset
        <div key={key} className="sku-selector-row" role="group" aria-label={key}>
          <span className="sku-selector-key">{key}</span>
          <div className="sku-selector-values">
            {values.map((value) => {
              const chosen = selection[key] === value;
              const available = isOptionAvailable(skus, selection, key, value);
              return (
                <button
                  key={value}
                  type="button"
                  className="sku-value"
                  aria-pressed={chosen}
                  disabled={!available && !chosen}
                  onClick={() => onToggle(key, value)}
                >
                  {value}
                </button>
              );
            })}
          </div>
        </div>
      ))}
    </div>
  );
}
