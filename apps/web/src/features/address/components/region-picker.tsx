import type { RegionNode, RegionRoot } from '@shop/domain';
import { Cascader, Select } from 'antd';
import { useMemo, useRef } from 'react';
import { useStateSuburbs } from '../api/get-state-suburbs';
import { pathMatches, queryWords, type RegionOption, regionOptions } from '../region-tree';

interface RegionPickerProps {
  root: RegionRoot | undefined;
  value?: string[];
  onChange?: (value: string[]) => void;
  /** The postcode of the place just picked (a Chinese city's, an Australian suburb's), undefined for none. */
  onPostCode?: (postCode: string | undefined) => void;
  /** The address's postcode, telling apart suburbs of one name in a state (two Richmonds in Victoria). */
  postCode?: string;
  id?: string;
}

/** The deepest picked option that carries a postcode. */
function postCodeOf(path: readonly RegionOption[]): string | undefined {
  return [...path].reverse().find((o) => o.postCode)?.postCode;
}

/**
 * 所在地区 (spec §3 'Address tree'). China: one cascader, province → city → county-level unit, searched by
 * name or pinyin initials ('wlmq' finds 乌鲁木齐市). Australia: the state, then its suburb from the state's
 * own file (fetched when the state is chosen), searched by name or postcode; the suburb fills the postcode.
 */
export function RegionPicker({ root, value, onChange, onPostCode, postCode, id }: RegionPickerProps) {
  if (root?.code === 'AU') {
    return (
      <AustralianPicker
        root={root}
        value={value}
        onChange={onChange}
        onPostCode={onPostCode}
        postCode={postCode}
        id={id}
      />
    );
  }
  return <CascadePicker root={root} value={value} onChange={onChange} onPostCode={onPostCode} id={id} />;
}

function CascadePicker({ root, value, onChange, onPostCode, id }: RegionPickerProps) {
  const options = useMemo(() => (root ? regionOptions(root) : []), [root]);
  // The words of the current search, split once per keystroke rather than once per place.
  const search = useRef({ input: '', words: [] as string[] });
  const wordsOf = (input: string) => {
    if (search.current.input !== input) search.current = { input, words: queryWords(input) };
    return search.current.words;
  };
  return (
    <Cascader<RegionOption>
      id={id}
      options={options}
      value={value}
      onChange={(next, picked) => {
        onChange?.((next ?? []).map(String));
        onPostCode?.(postCodeOf(picked ?? []));
      }}
      placeholder={root ? '请选择省 / 市 / 区县，可输入名称或拼音首字母' : '地区加载中…'}
      disabled={!root}
      showSearch={{
        filter: (input, path) => pathMatches(wordsOf(input), path),
        // Enough to see the place among its namesakes; fewer answers draw faster on a slow phone.
        limit: 20,
      }}
      aria-label="所在地区"
      classNames={{ popup: { root: 'region-picker-popup' } }}
    />
  );
}

interface SuburbOption {
  value: string;
  label: string;
  node: RegionNode;
  /** Name, postcode and other names, lower case, for the search. */
  search: string;
}

function AustralianPicker({
  root,
  value,
  onChange,
  onPostCode,
  postCode,
  id,
}: RegionPickerProps & { root: RegionRoot }) {
  const [stateName = '', suburbName = ''] = value ?? [];
  const state = root.children.find((s) => s.name === stateName);
  const suburbs = useStateSuburbs(state?.code);
  const options = useMemo(
    () =>
      (suburbs.data ?? []).map(
        (node): SuburbOption => ({
          value: node.code,
          label: `${node.name} ${node.postCode ?? ''}`.trim(),
          node,
          search: [node.name, node.postCode ?? '', ...(node.aliases ?? [])].join(' ').toLowerCase(),
        }),
      ),
    [suburbs.data],
  );
  const picked =
    options.find((o) => o.node.name === suburbName && o.node.postCode === postCode) ??
    options.find((o) => o.node.name === suburbName);
  const stateOptions = useMemo(() => regionOptions(root, 1), [root]);
  // The words of the current search, split once per keystroke rather than once per suburb.
  const search = useRef({ input: '', words: [] as string[] });
  const wordsOf = (input: string) => {
    if (search.current.input !== input) search.current = { input, words: queryWords(input) };
    return search.current.words;
  };
  return (
    <div className="region-picker-au">
      <Cascader<RegionOption>
        id={id}
        options={stateOptions}
        value={stateName ? [stateName] : undefined}
        onChange={(next) => {
          onChange?.((next ?? []).map(String));
          onPostCode?.(undefined);
        }}
        placeholder="请选择州 / 领地"
        aria-label="州"
        classNames={{ popup: { root: 'region-picker-popup' } }}
      />
      <Select<string, SuburbOption>
        showSearch={{
          filterOption: (input, option) => wordsOf(input).every((w) => option?.search.includes(w) === true),
        }}
        options={options}
        value={picked?.value ?? (suburbName || undefined)}
        onChange={(_code, option) => {
          const node = (Array.isArray(option) ? option[0] : option)?.node;
          if (!node) return;
          onChange?.([stateName, node.name]);
          onPostCode?.(node.postCode);
        }}
        disabled={!state}
        loading={suburbs.isFetching}
        placeholder={state ? '输入城镇（Suburb）名称或邮编' : '请先选择州'}
        notFoundContent={suburbs.isFetching ? '城镇加载中…' : '没有匹配的城镇'}
        aria-label="城镇"
        classNames={{ popup: { root: 'region-picker-popup' } }}
      />
    </div>
  );
}
