import type { FormInstance } from 'antd';
import { useEffect, useRef } from 'react';

/**
 * Shows a filter form the filters of the address bar, and again only when they change: a screen builds its
 * filters afresh on every render, and setting the fields each time would wipe what the staff member is typing
 * whenever a list or a choice finishes loading.
 */
export function useFieldsFrom<T>(
  form: FormInstance<T>,
  values: Parameters<FormInstance<T>['setFieldsValue']>[0],
) {
  const latest = useRef(values);
  latest.current = values;
  const key = JSON.stringify(values);
  useEffect(() => {
    if (key !== undefined) form.setFieldsValue(latest.current);
  }, [key, form]);
}
