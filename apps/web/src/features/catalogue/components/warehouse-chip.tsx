import { locationPrefix, warehouseName } from '@shop/domain';
import '../warehouse-chip.css';

/**
 * The warehouse of a product as a small chip beside its name (spec §3: 'a location prefix is added'). The chip
 * stays outside the name's two lines, so a long '【澳大利亚仓】' no longer pushes the product's key details out;
 * screen readers read it through NameWithLocation instead.
 */
export function WarehouseChip({ location, className = '' }: { location: number; className?: string }) {
  const name = warehouseName(location);
  if (!name) return null;
  return (
    <span className={`warehouse-chip ${className}`} aria-hidden="true">
      {name}
    </span>
  );
}

/**
 * A product name with its location prefix for screen readers and copying ('【澳大利亚仓】' visually hidden): the
 * text of the name stays the spec's prefixed name while the eye reads the chip.
 */
export function NameWithLocation({ name, location }: { name: string; location: number }) {
  const prefix = locationPrefix(location);
  return (
    <>
      {prefix && <span className="visually-hidden">{prefix}</span>}
      {name}
    </>
  );
}
