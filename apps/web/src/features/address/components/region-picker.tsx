import type { RegionNode, RegionRoot } from '@shop/domain';
import { useCallback, useMemo, useState } from 'react';
import {
  type FieldAria,
  Marked,
  SearchList,
  type SearchListAnswers,
  type SearchListOption,
} from '@/components/search-list';
import { useStateSuburbs } from '../api/get-state-suburbs';
import {
  type MatchRange,
  type RegionEntry,
  regionMatchRanges,
  regionSearchIndex,
  searchRegions,
  searchSuburbs,
  suburbMatchRanges,
  suburbSearchIndex,
} from '../region-search';
import { queryWords, type RegionOption, regionOptions } from '../region-tree';

/** Answers a search lists in China: enough to see the place among its namesakes, few enough to draw fast. */
const REGION_ANSWERS = 20;
/** Answers a suburb search lists; typing more of the name or the postcode narrows them. */
const SUBURB_ANSWERS = 30;
const NO_REGION = '无匹配地区';
const PATH_SEPARATOR = ' / ';

interface RegionPickerProps extends FieldAria {
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
 * 所在地区 (spec §3 'Address tree'). China: one search list, province → city → county-level unit, browsed level by
 * level or searched by name or pinyin initials ('wlmq' finds 乌鲁木齐市). Australia: the state, then its suburb
 * from the state's own file (fetched when the state is chosen), searched by name or postcode; the suburb fills the
 * postcode.
 */
export function RegionPicker(props: RegionPickerProps) {
  return props.root?.code === 'AU' ? (
    <AustralianPicker {...props} root={props.root} />
  ) : (
    <CascadePicker {...props} />
  );
}

/** The form's aria attributes among a picker's props. */
function fieldAriaOf(props: FieldAria): FieldAria {
  return {
    'aria-describedby': props['aria-describedby'],
    'aria-invalid': props['aria-invalid'],
    'aria-required': props['aria-required'],
  };
}

/** A found place as a row: its path in one line, with the matched parts marked. */
function RegionAnswer({ entry, query }: { entry: RegionEntry; query: string }) {
  const ranges: MatchRange[] = [];
  let at = 0;
  regionMatchRanges(query, entry).forEach((range, i) => {
    if (range) ranges.push([at + range[0], at + range[1]]);
    at += (entry.path[i]?.label.length ?? 0) + PATH_SEPARATOR.length;
  });
  return <Marked text={entry.path.map((o) => o.label).join(PATH_SEPARATOR)} ranges={ranges} />;
}

/** The option that goes one level up while browsing. */
const UP = 'up';

function CascadePicker(props: RegionPickerProps) {
  const { root, value, onChange, onPostCode, id } = props;
  const options = useMemo(() => (root ? regionOptions(root) : []), [root]);
  const index = useMemo(() => regionSearchIndex(options), [options]);
  // The branches opened while browsing (nothing typed): 广东省, then 深圳市.
  const [browse, setBrowse] = useState<readonly RegionOption[]>([]);
  const answers = useCallback(
    (query: string): SearchListAnswers<readonly RegionOption[]> => {
      if (queryWords(query).length > 0) {
        const found = searchRegions(index, query, REGION_ANSWERS);
        return {
          options: found.map((entry) => ({
            key: entry.path.map((o) => o.value).join('/'),
            content: <RegionAnswer entry={entry} query={query} />,
            value: entry.path,
          })),
          ...(found.length === 0 ? { note: NO_REGION } : {}),
        };
      }
      const level = browse.length > 0 ? (browse[browse.length - 1]?.children ?? []) : options;
      const rows: SearchListOption<readonly RegionOption[]>[] = level.map((option) => ({
        key: option.value,
        content: option.label,
        value: [...browse, option],
        ...(option.children?.length ? { branch: true } : {}),
      }));
      if (browse.length > 0) rows.unshift({ key: UP, content: '‹ 返回上一级', value: browse, branch: true });
      return {
        options: rows,
        heading:
          browse.length > 0
            ? browse.map((o) => o.label).join(PATH_SEPARATOR)
            : '选择省份，或输入名称、拼音首字母搜索',
      };
    },
    [index, options, browse],
  );
  return (
    <SearchList
      id={id}
      fieldAria={fieldAriaOf(props)}
      label="所在地区"
      display={(value ?? []).join(PATH_SEPARATOR)}
      placeholder={root ? '请选择，或输入地名、拼音首字母' : '地区加载中…'}
      disabled={!root}
      answers={answers}
      onChoose={(option) => {
        if (option.key === UP) setBrowse(browse.slice(0, -1));
        else if (option.branch) setBrowse(option.value);
        else {
          onChange?.(option.value.map((o) => o.value));
          onPostCode?.(postCodeOf(option.value));
        }
      }}
      onBack={() => setBrowse((path) => path.slice(0, -1))}
      onClose={() => setBrowse([])}
    />
  );
}

function AustralianPicker(props: RegionPickerProps & { root: RegionRoot }) {
  const { root, value, onChange, onPostCode, postCode, id } = props;
  const [stateName = '', suburbName = ''] = value ?? [];
  const state = root.children.find((s) => s.name === stateName);
  const suburbs = useStateSuburbs(state?.code);
  const stateAnswers = useCallback(
    (query: string): SearchListAnswers<RegionNode> => {
      const words = queryWords(query);
      const found = root.children.filter((s) => {
        const text = `${s.name} ${s.enName ?? ''}`.toLowerCase();
        return words.every((w) => text.includes(w));
      });
      return {
        options: found.map((s) => ({ key: s.code, content: s.name, value: s })),
        ...(found.length === 0 ? { note: NO_REGION } : {}),
      };
    },
    [root],
  );
  return (
    <div className="region-picker-au">
      <SearchList
        id={id}
        fieldAria={fieldAriaOf(props)}
        label="州"
        display={stateName}
        placeholder="请选择州 / 领地"
        answers={stateAnswers}
        onChoose={(option) => {
          onChange?.([option.value.name]);
          onPostCode?.(undefined);
        }}
      />
      <SuburbSelect
        fieldAria={fieldAriaOf(props)}
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

/** A suburb as a row: its name and postcode, the matched parts marked. */
function SuburbAnswer({ node, query }: { node: RegionNode; query: string }) {
  const ranges = suburbMatchRanges(query, node);
  return (
    <>
      <Marked text={node.name} ranges={ranges.name ? [ranges.name] : []} />
      {node.postCode && (
        <>
          {' '}
          <span className="search-list-option-extra">
            <Marked text={node.postCode} ranges={ranges.postCode ? [ranges.postCode] : []} />
          </span>
        </>
      )}
    </>
  );
}

/**
 * The state's suburb, searched by name or postcode from the state's index. Its own component, so that a keystroke
 * re-renders this list alone, not the state's field beside it.
 */
function SuburbSelect({
  fieldAria,
  suburbs,
  loading,
  disabled,
  suburbName,
  postCode,
  onPick,
}: {
  fieldAria: FieldAria;
  suburbs: readonly RegionNode[] | undefined;
  loading: boolean;
  disabled: boolean;
  suburbName: string;
  postCode: string | undefined;
  onPick: (node: RegionNode) => void;
}) {
  const index = useMemo(() => suburbSearchIndex(suburbs ?? []), [suburbs]);
  const picked =
    suburbs?.find((s) => s.name === suburbName && s.postCode === postCode) ??
    suburbs?.find((s) => s.name === suburbName);
  const answers = useCallback(
    (query: string): SearchListAnswers<RegionNode> => {
      if (!suburbs) return { options: [], note: loading ? '城镇加载中…' : '请先选择州' };
      if (queryWords(query).length === 0) return { options: [], note: '输入城镇（Suburb）名称或邮编' };
      const found = searchSuburbs(index, query, SUBURB_ANSWERS);
      return {
        options: found.map(({ node }) => ({
          key: node.code,
          content: <SuburbAnswer node={node} query={query} />,
          value: node,
        })),
        ...(found.length === 0 ? { note: '无匹配城镇' } : {}),
      };
    },
    [suburbs, loading, index],
  );
  return (
    <SearchList
      fieldAria={fieldAria}
      label="城镇"
      display={picked ? `${picked.name} ${picked.postCode ?? ''}`.trim() : suburbName}
      placeholder={disabled ? '请先选择州' : '输入城镇（Suburb）名称或邮编'}
      disabled={disabled}
      answers={answers}
      onChoose={(option) => onPick(option.value)}
    />
  );
}
