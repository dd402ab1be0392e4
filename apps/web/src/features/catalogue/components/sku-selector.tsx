import {
  OptionState,
  optionState,
  type PickableSku,
  type PropertyOption,
  type SkuSelection,
} from '@shop/domain';

interface SkuSelectorProps {
  options: PropertyOption[];
  skus: readonly PickableSku[];
  selection: SkuSelection;
  /** A click on a value: the page moves the selection to a SKU that has it (domain chooseOption). */
  onChoose: (key: string, value: string) => void;
}

/**
 * Option buttons per attribute key (spec §3 'Property option lists use Key/Values pairs'). Only a value that no
 * SKU for sale can be bought in is disabled (it really is sold out); a value that can be bought only with other
 * values of the other keys stays enabled, marked, and a click on it moves those keys to a SKU that has it.
 */
export function SkuSelector({ options, skus, selection, onChoose }: SkuSelectorProps) {
  return (
    <div className="sku-selector">
      {options.map(({ key, values }) => (
        // biome-ignore lint/a11y/useSemanticElements: a row of toggle buttons, not a form fieldset
        <div key={key} className="sku-selector-row" role="group" aria-label={key}>
          <span className="sku-selector-key">{key}</span>
          <div className="sku-selector-values">
            {values.map((value) => {
              const chosen = selection[key] === value;
              const state = optionState(skus, selection, key, value);
              const elsewhere = state === OptionState.WithOtherChoices && !chosen;
              return (
                <button
                  key={value}
                  type="button"
                  className={elsewhere ? 'sku-value sku-value-elsewhere' : 'sku-value'}
                  aria-pressed={chosen}
                  disabled={state === OptionState.Unavailable && !chosen}
                  title={
                    state === OptionState.Unavailable
                      ? '已售罄'
                      : elsewhere
                        ? '当前组合无货，选择后将切换到有货的组合'
                        : undefined
                  }
                  onClick={() => onChoose(key, value)}
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
