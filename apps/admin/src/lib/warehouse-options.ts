import { WAREHOUSE_NAMES } from '@shop/domain';

/** The nine warehouses as a filter's choices, by their ids. */
export const WAREHOUSE_OPTIONS = Object.entries(WAREHOUSE_NAMES).map(([value, label]) => ({
  value: Number(value),
  label,
}));
