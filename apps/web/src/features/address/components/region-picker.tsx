import type { RegionNode, RegionRoot } from '@shop/domain';
import { Cascader, Select } from 'antd';
import { useMemo, useState } from 'react';
import { useStateSuburbs } from '../api/get-state-suburbs';
import { regionSearchIndex, searchRegions, searchSuburbs, suburbSearchIndex } from '../region-search';
import { type RegionOption, regionOptions } from '../region-tree';

/** Answers a search lists in China: enough to see the place among its namesakes, few enough to draw fast. */
const REGION_ANSWERS = 20;
/** Answers a suburb search lists (in a scrolling list); typing more of the name or the postcode narrows them. */
const SUBURB_ANSWERS = 50;

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
  // A search finds its answers in an index built once per tree. The cascader still walks its options and asks
  // the filter about each place (it is not given fewer options while searching: a new set of options makes it
  // index all of them again, a whole tree's worth when the search is cleared), and the filter answers from the set
  // of the keystroke's matches.
  const showSearch = useMemo(() => {
    const index = regionSearchIndex(options);
    let last = { input: '', leaves: new Set<RegionOption>() };
    const leavesOf = (input: string) => {
      if (last.input !== input)
        last = { input, leaves: new Set(searchRegions(index, input, REGION_ANSWERS).map((e) => e.leaf)) };
      return last.leaves;
    };
    return {
      filter: (input: string, path: RegionOption[]) =>
        leavesOf(input).has(path[path.length - 1] as RegionOption),
      limit: REGION_ANSWERS,
    };
  }, [options]);
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
      showSearch={showSearch}
      aria-label="所在地区"
      classNames={{ popup: { root: 'region-picker-popup' } }}
    />
  );
}

interface SuburbOption {
  value: string;
  label: string;
  node: RegionNode;
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
  const stateOptions = useMemo(() => regionOptions(root, 1), [root]);
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
      <SuburbSelect
        suburbs={suburbs.data}
        loading={suburbs.isFetching}
        disabled={!state}
        suburbName={suburbName}
        postCode={postCode}
        onPick={(node) => {
          onChange?.([stateName, node.name]);
          onPostCode?.(node.postCode);
        }}
      />
    </div>
  );
}

/**
 * The state's suburb, searched by name or postcode. Its own component, so that a keystroke re-renders this select
 * alone, not the state's cascader beside it.
 */
function SuburbSelect({
  suburbs,
  loading,
  disabled,
  suburbName,
  postCode,
  onPick,
}: {
  suburbs: readonly RegionNode[] | undefined;
  loading: boolean;
  disabled: boolean;
  suburbName: string;
  postCode: string | undefined;
  onPick: (node: RegionNode) => void;
}) {
  const [query, setQuery] = useState('');
  const { options, index, optionOf } = useMemo(() => {
    const nodes = suburbs ?? [];
    const options = nodes.map(
      (node): SuburbOption => ({
        value: node.code,
        label: `${node.name} ${node.postCode ?? ''}`.trim(),
        node,
      }),
    );
    const byNode = new Map(options.map((o) => [o.node, o]));
    return { options, index: suburbSearchIndex(nodes), optionOf: (node: RegionNode) => byNode.get(node) };
  }, [suburbs]);
  const picked =
    options.find((o) => o.node.name === suburbName && o.node.postCode === postCode) ??
    options.find((o) => o.node.name === suburbName);
  // A search lists its first answers from the state's index, not all of the state's suburbs run through the
  // select's own filter on each keystroke (which copies every option it tests).
  const shown = useMemo(
    () =>
      query.trim()
        ? searchSuburbs(index, query, SUBURB_ANSWERS).flatMap((e) => optionOf(e.node) ?? [])
        : options,
    [query, options, index, optionOf],
  );
  return (
    <Select<string, SuburbOption>
      showSearch={{ searchValue: query, onSearch: setQuery, filterOption: false }}
      onBlur={() => setQuery('')}
      options={shown}
      value={picked?.value ?? (suburbName || undefined)}
      onChange={(_code, option) => {
        setQuery('');
        const node = (Array.isArray(option) ? option[0] : option)?.node;
        if (node) onPick(node);
      }}
      disabled={disabled}
      loading={loading}
      placeholder={disabled ? '请先选择州' : '输入城镇（Suburb）名称或邮编'}
      notFoundContent={loading ? '城镇加载中…' : '没有匹配的城镇'}
      aria-label="城镇"
      classNames={{ popup: { root: 'region-picker-popup' } }}
    />
  );
}
