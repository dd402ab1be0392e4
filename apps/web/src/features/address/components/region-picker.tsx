import type { RegionRoot } from '@shop/domain';
import { Cascader } from 'antd';
import { useMemo } from 'react';
import { regionOptions } from '../region-tree';

interface RegionPickerProps {
  root: RegionRoot | undefined;
  value?: string[];
  onChange?: (value: string[]) => void;
  id?: string;
}

/**
 * 所在地区: a cascader over one country's regions, as deep as that country's root allows (spec §3 'Address
 * tree': China province → city → district, Australia state → city). Type to search by name.
 */
export function RegionPicker({ root, value, onChange, id }: RegionPickerProps) {
  const options = useMemo(() => (root ? regionOptions(root) : []), [root]);
  const placeholder = root?.maxDepth === 2 ? '请选择州 / 城市' : '请选择省 / 市 / 区';
  return (
    <Cascader
      id={id}
      options={options}
      value={value}
      onChange={(next) => onChange?.((next ?? []).map(String))}
      placeholder={root ? placeholder : '地区加载中…'}
      disabled={!root}
      showSearch={{
        filter: (input, path) => path.some((option) => String(option.label).includes(input.trim())),
      }}
      aria-label="所在地区"
      popupClassName="region-picker-popup"
    />
  );
}
