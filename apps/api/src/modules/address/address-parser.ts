import type { RegionNode, RegionRoot } from './regions/types';

/** The fields the intelligent-fill call answers (spec §7 'Addresses' intelligent/); unknown parts are ''. */
export interface ParsedAddress {
  name: string;
  phone: string;
  province: string;
  city: string;
  district: string;
  detail: string;
  postCode: string;
}

/*
 * The parser behind /api/logisticsService/addressReceiver/intelligent/: it turns text a shopper pastes
 * (a WeChat message, an order export, a label) into the receiver form's fields. Pure: no I/O, and the
 * region tree is an argument. Region names in the answer are the tree's names, so the storefront's
 * picker can select them; a municipality answers province = city = '北京市' (the tree's city node,
 * not GB/T 2260's '市辖区').
 *
 * How it reads the text:
 * 1. NFKC (full-width ASCII and punctuation to half-width), brackets 【】 to spaces.
 * 2. Labelled post codes ('邮编518000'), phones (CN mobiles with +86/0086, dashes or spaces; CN
 *    landlines '0755-86001234'; AU mobiles and landlines) and labels ('收货人：' '电话：' '地址：') are cut
 *    out and leave a hard break, so the parts around them never merge. A bare 6-digit token is a post code.
 * 3. The region chain: at every position, province → city → district (or city → district, or a unique
 *    district) is matched on full names and short forms ('广东', '深圳', '南山', '内蒙古', '浦东'),
 *    skipping spaces and commas between levels; a missing province is inferred from the city, a missing
 *    city from a district that is unique in its province, and a municipality's only city is implied.
 *    The chain with the most matched levels (full names weigh more than short forms) wins; ties go to the
 *    earliest. A short form is refused when a suffix or street word follows it ('中山路', '朝阳区' for a
 *    city '朝阳'), so street names are not taken for regions.
 * 4. detail = the text after the chain up to the next hard break (later address-like parts are added);
 *    the name is the labelled one, else a name-like token before the chain, else one after it.
 * Australian addresses: Chinese text goes through the same chain (新南威尔士州悉尼…); English text
 * ('12 George St, Sydney NSW 2000') is read from its end: state abbreviation or name, its 4-digit
 * postcode, the locality before it (a tree city when known, else the locality as written), the street
 * before that.
 */

const EMPTY: ParsedAddress = {
  name: '',
  phone: '',
  province: '',
  city: '',
  district: '',
  detail: '',
  postCode: '',
};

// ---------------------------------------------------------------------------------------------------
// Region index

interface Place {
  node: RegionNode;
  level: 1 | 2 | 3;
  root: RegionRoot;
  parent: Place | null;
  children: Place[];
}

interface Alias {
  place: Place;
  /** True for the node's own name (weighs more than a short form, and may start a district-only chain). */
  full: boolean;
}

interface RegionIndex {
  roots: readonly RegionRoot[];
  /** Alias text → places, one map per level. */
  levels: [Map<string, Alias[]>, Map<string, Alias[]>, Map<string, Alias[]>];
  maxAliasLength: number;
  /** Australian states by lower-case English name ('new south wales'). */
  auByEnglish: Map<string, Place>;
  auStates: Place[];
  /** Australian suburbs by state code, then lower-case name ('richmond' → the state's Richmonds). */
  auSuburbs: Map<string, Map<string, Place[]>>;
  /** The most words a suburb's name has. */
  maxSuburbWords: number;
}

const ETHNIC_WITH_ZU =
  /(?:蒙古|回|藏|维吾尔|苗|彝|壮|布依|朝鲜|满|侗|瑶|白|土家|哈尼|哈萨克|傣|黎|傈僳|佤|畲|拉祜|水|东乡|纳西|景颇|柯尔克孜|土|达斡尔|仫佬|羌|布朗|撒拉|毛南|仡佬|锡伯|普米|塔吉克|怒|鄂温克|裕固|独龙|鄂伦春)族$/;
const ETHNIC_WITHOUT_ZU = /(?:蒙古|维吾尔|哈萨克|柯尔克孜)$/;
const NAME_SUFFIX = /(?:特别行政区|自治区|自治州|自治县|自治旗|新区|林区|地区|省|市|区|县|盟|旗)$/;

/** Short forms of a region name: '广西壮族自治区' → ['广西'], '恩施土家族苗族自治州' → ['恩施', '恩施州']. */
export function shortNames(name: string): string[] {
  const stripped = name.replace(NAME_SUFFIX, '');
  if (stripped === name) {
    // Australian states: '新南威尔士州' → '新南威尔士'.
    return name.endsWith('州') && name.length > 3 ? [name.slice(0, -1)] : [];
  }
  let short = stripped;
  for (;;) {
    const next = short.replace(ETHNIC_WITH_ZU, '').replace(ETHNIC_WITHOUT_ZU, '');
    if (next === short || next.length < 2) break;
    short = next;
  }
  if (short.length < 2) return [];
  const names = [short];
  // How people shorten autonomous prefectures and counties: '恩施州', '石柱县'.
  if (name.endsWith('自治州')) names.push(`${short}州`);
  if (name.endsWith('自治县')) names.push(`${short}县`);
  return names;
}

/** Extra Chinese names shoppers use for Australian states (the tree carries the official ones). */
const AU_ALIASES: Record<string, string[]> = {
  'AU-NSW': ['新州'],
  'AU-VIC': ['维州'],
  'AU-QLD': ['昆州'],
  'AU-WA': ['西澳'],
  'AU-SA': ['南澳'],
  'AU-TAS': ['塔州'],
  'AU-ACT': ['首都领地', '堪培拉领地'],
};

const AU_ABBREVIATIONS: Record<string, string> = {
  NSW: 'AU-NSW',
  VIC: 'AU-VIC',
  QLD: 'AU-QLD',
  WA: 'AU-WA',
  SA: 'AU-SA',
  TAS: 'AU-TAS',
  ACT: 'AU-ACT',
  NT: 'AU-NT',
};

function addAlias(map: Map<string, Alias[]>, text: string, alias: Alias) {
  const list = map.get(text);
  if (!list) map.set(text, [alias]);
  else if (!list.some((a) => a.place === alias.place)) list.push(alias);
}

function buildIndex(roots: readonly RegionRoot[]): RegionIndex {
  const levels: RegionIndex['levels'] = [new Map(), new Map(), new Map()];
  const auByEnglish = new Map<string, Place>();
  const auStates: Place[] = [];
  const auSuburbs = new Map<string, Map<string, Place[]>>();
  let maxSuburbWords = 1;
  const provinceShorts = new Set<string>();
  let maxAliasLength = 0;

  const visit = (node: RegionNode, level: 1 | 2 | 3, root: RegionRoot, parent: Place | null): Place => {
    const place: Place = { node, level, root, parent, children: [] };
    place.children = (node.children ?? []).map((child) =>
      visit(child, Math.min(level + 1, 3) as 1 | 2 | 3, root, place),
    );
    return place;
  };
  const provinces = roots.flatMap((root) => (root.children ?? []).map((p) => visit(p, 1, root, null)));
  for (const p of provinces) for (const s of shortNames(p.node.name)) provinceShorts.add(s);

  const registerSuburb = (place: Place) => {
    // English names are read by the English reader and after a state (matchSuburb); only the Chinese
    // names shoppers use ('悉尼', '悉尼市') join the Chinese chain.
    const state = place.parent?.node.code ?? '';
    const byName = auSuburbs.get(state) ?? new Map<string, Place[]>();
    auSuburbs.set(state, byName);
    const key = place.node.name.toLowerCase();
    byName.set(key, [...(byName.get(key) ?? []), place]);
    maxSuburbWords = Math.max(maxSuburbWords, key.split(' ').length);
    for (const alias of place.node.aliases ?? []) {
      addAlias(levels[1], alias, { place, full: true });
      addAlias(levels[1], `${alias}市`, { place, full: true });
    }
  };

  const register = (place: Place) => {
    if (place.root.code === 'AU' && place.level === 2) {
      registerSuburb(place);
      return;
    }
    const map = levels[place.level - 1];
    if (!map) return;
    const { name } = place.node;
    addAlias(map, name, { place, full: true });
    const shorts = [...shortNames(name), ...(AU_ALIASES[place.node.code] ?? [])];
    for (const short of shorts) {
      // A city or district whose short form is a province's ('吉林市', '海南藏族自治州') or its own
      // parent's ('长沙县' in 长沙市) keeps only its full name.
      if (place.level > 1 && provinceShorts.has(short)) continue;
      if (place.parent && shortNames(place.parent.node.name).includes(short)) continue;
      addAlias(map, short, { place, full: place.root.code === 'AU' && short.endsWith('市') });
    }
    if (place.root.code === 'AU' && place.level === 1 && place.node.enName) {
      auByEnglish.set(place.node.enName.toLowerCase(), place);
      auStates.push(place);
    }
    for (const child of place.children) register(child);
  };
  for (const p of provinces) register(p);
  for (const map of levels)
    for (const text of map.keys()) maxAliasLength = Math.max(maxAliasLength, text.length);
  return { roots, levels, maxAliasLength, auByEnglish, auStates, auSuburbs, maxSuburbWords };
}

const indexCache = new WeakMap<readonly RegionRoot[], RegionIndex>();

function indexOf(regions: readonly RegionRoot[]): RegionIndex {
  let index = indexCache.get(regions);
  if (!index) {
    index = buildIndex(regions);
    indexCache.set(regions, index);
  }
  return index;
}

// ---------------------------------------------------------------------------------------------------
// Text preparation

/** Hard break: what was a label, phone or post code, a newline, or a strong separator. */
const BREAK = '\n';
/** Marks where a name label ('收货人：') was; the token after it is the name. */
const NAME_MARK = '\uE000';

const HARD_SEPARATOR = /[\n\uE000,;、|。\t]/;
const ANY_SEPARATOR = /[\s\uE000,;、|。]/;
const SKIPPABLE = /[\s\uE000,;、|/\-:]/;

const CN_MOBILE = /(?<![\d+])(?:(?:\+|00)86[\s-]*)?(1[3-9]\d(?:[\s-]?\d){8})(?!\d)/;
const AU_MOBILE = /(?<!\d)(?:\+61[\s-]*|0)(4\d{2}[\s-]?\d{3}[\s-]?\d{3})(?!\d)/;
const CN_LANDLINE = /(?<![\d+])\(?(0\d{2,3})\)?[\s-]?(\d{7,8})(?:[-转#](\d{1,6}))?(?!\d)/;
const AU_LANDLINE = /(?<!\d)(?:\+61[\s-]*\(?|\(0|0)([2378])\)?[\s-]?(\d{4})[\s-]?(\d{4})(?!\d)/;

const POSTCODE_LABEL = /(?:邮政编码|邮编|post\s*code|postcode|zip(?:\s*code)?)\s*:?\s*(\d{6}|\d{4})(?!\d)/i;
const BARE_CN_POSTCODE = /(^|[\s,;、|])(\d{6})(?=$|[\s,;、|])/;

// Labels always followed by a value; the short ones need a colon so that a word in the street is kept.
const LABEL =
  /(收货人姓名|收件人姓名|收货人|收件人|联系人|手机号码|联系电话|电话号码|收货地址|详细地址|所在地区|地区|姓名|名字|手机号|手机|电话|联系方式|地址|tel|phone|mobile|name|address)\s*(:)?/gi;
const LABELS_WITHOUT_COLON = new Set([
  '收货人姓名',
  '收件人姓名',
  '收货人',
  '收件人',
  '联系人',
  '手机号码',
  '联系电话',
  '收货地址',
  '详细地址',
]);
const NAME_LABELS = new Set([
  '收货人姓名',
  '收件人姓名',
  '收货人',
  '收件人',
  '联系人',
  '姓名',
  '名字',
  'name',
]);

function normalize(text: string): string {
  return text
    .normalize('NFKC')
    .replace(/\r\n?/g, '\n')
    .replace(/\u200b|\u200c|\u200d|\ufeff/g, '')
    .replace(/[【】〔〕「」『』《》[\]]/g, ' ')
    .replace(/[\u2014\u2013~～]+/g, '-');
}

/** Formats a phone match: CN mobile 11 digits, landline 'area-number[-ext]', AU 10 digits starting 0. */
function takePhone(s: string): { phone: string; rest: string } | null {
  const candidates: { index: number; length: number; phone: string }[] = [];
  const mobile = CN_MOBILE.exec(s);
  if (mobile?.[1])
    candidates.push({ index: mobile.index, length: mobile[0].length, phone: mobile[1].replace(/\D/g, '') });
  const au = AU_MOBILE.exec(s);
  if (au?.[1])
    candidates.push({ index: au.index, length: au[0].length, phone: `0${au[1].replace(/\D/g, '')}` });
  const landline = CN_LANDLINE.exec(s);
  if (landline?.[1] && landline[2]) {
    // 010 and 02x are followed by 8 digits, other area codes (4 digits) by 7 or 8.
    const digits = `${landline[1]}${landline[2]}`;
    const areaLength = /^0[12]/.test(digits) ? 3 : 4;
    const valid = areaLength === 3 ? digits.length === 11 : digits.length >= 11;
    const ext = landline[3] ? `-${landline[3]}` : '';
    if (valid) {
      candidates.push({
        index: landline.index,
        length: landline[0].length,
        phone: `${digits.slice(0, areaLength)}-${digits.slice(areaLength)}${ext}`,
      });
    }
  }
  const auLandline = AU_LANDLINE.exec(s);
  if (auLandline?.[1]) {
    candidates.push({
      index: auLandline.index,
      length: auLandline[0].length,
      phone: `0${auLandline[1]}${auLandline[2]}${auLandline[3]}`,
    });
  }
  if (candidates.length === 0) return null;
  // The earliest; at the same place, the longest (a mobile with +86 over a landline reading of it).
  candidates.sort((a, b) => a.index - b.index || b.length - a.length);
  const first = candidates[0] as (typeof candidates)[number];
  return {
    phone: first.phone,
    rest: `${s.slice(0, first.index)}${BREAK}${s.slice(first.index + first.length)}`,
  };
}

interface Prepared {
  s: string;
  phone: string;
  postCode: string;
}

function prepare(text: string): Prepared {
  let s = normalize(text);
  let postCode = '';
  const labelled = POSTCODE_LABEL.exec(s);
  if (labelled?.[1]) {
    postCode = labelled[1];
    s = `${s.slice(0, labelled.index)}${BREAK}${s.slice(labelled.index + labelled[0].length)}`;
  }
  s = s.replace(LABEL, (match: string, label: string, colon: string | undefined) => {
    const known = LABELS_WITHOUT_COLON.has(label) || colon !== undefined;
    if (!known) return match;
    return NAME_LABELS.has(label.toLowerCase()) ? NAME_MARK : BREAK;
  });
  let phone = '';
  for (let taken = takePhone(s); taken; taken = takePhone(s)) {
    if (!phone) phone = taken.phone;
    s = taken.rest;
  }
  if (!postCode) {
    const bare = BARE_CN_POSTCODE.exec(s);
    if (bare?.[2]) {
      postCode = bare[2];
      const start = bare.index + (bare[1]?.length ?? 0);
      s = `${s.slice(0, start)}${BREAK}${s.slice(start + 6)}`;
    }
  }
  return { s, phone, postCode };
}

// ---------------------------------------------------------------------------------------------------
// Region chain

// After a short form: a suffix of another level or a street word means the short form is part of
// something else ('中山路', '朝阳区' read as the city 朝阳).
const REFUSED_AFTER_SHORT = /^(?:[省市区县州盟旗路街道巷弄村镇乡号桥]|胡同|大道|大街|大厦|大桥)/;

interface LevelMatch {
  places: Place[];
  end: number;
  full: boolean;
}

function matchLevel(
  index: RegionIndex,
  s: string,
  pos: number,
  level: 1 | 2 | 3,
  within: (place: Place) => boolean,
): LevelMatch | null {
  const map = index.levels[level - 1];
  if (!map) return null;
  const longest = Math.min(index.maxAliasLength, s.length - pos);
  for (let length = longest; length >= 2; length -= 1) {
    const aliases = map.get(s.slice(pos, pos + length));
    if (!aliases) continue;
    const fits = aliases.filter((a) => within(a.place));
    if (fits.length === 0) continue;
    const full = fits.some((a) => a.full);
    const chosen = full ? fits.filter((a) => a.full) : fits;
    if (!full && REFUSED_AFTER_SHORT.test(s.slice(pos + length))) continue;
    return { places: chosen.map((a) => a.place), end: pos + length, full };
  }
  return null;
}

function isUnder(place: Place, ancestor: Place): boolean {
  for (let p = place.parent; p; p = p.parent) if (p === ancestor) return true;
  return false;
}

function skipSeparators(s: string, pos: number): number {
  let p = pos;
  while (p < s.length && SKIPPABLE.test(s.charAt(p))) p += 1;
  return p;
}

interface Chain {
  start: number;
  end: number;
  score: number;
  province: Place | null;
  city: Place | null;
  district: Place | null;
}

const weight = (m: LevelMatch) => (m.full ? 3 : 2);

/** Lower-case words of English text, each with where it ends in the text. */
function englishWords(text: string): { word: string; start: number; end: number }[] {
  return [...text.matchAll(/[A-Za-z][A-Za-z'.-]*/g)].map((m) => ({
    word: m[0].toLowerCase(),
    start: m.index,
    end: m.index + m[0].length,
  }));
}

/** The suburb of `state` named by the longest run of English words at `pos` ('Hobart', 'St Leonards'). */
function matchSuburb(
  index: RegionIndex,
  state: Place,
  s: string,
  pos: number,
  postCode = '',
): { place: Place; end: number } | null {
  const byName = index.auSuburbs.get(state.node.code);
  if (!byName) return null;
  const head = /^[A-Za-z][A-Za-z'.\- ]*/.exec(s.slice(pos))?.[0] ?? '';
  const words = englishWords(head).slice(0, index.maxSuburbWords);
  for (let n = words.length; n >= 1; n -= 1) {
    const places = byName.get(
      words
        .slice(0, n)
        .map((w) => w.word)
        .join(' '),
    );
    const last = words[n - 1];
    if (!places || !last) continue;
    const place = places.find((p) => p.node.postCode === postCode) ?? places[0];
    if (place) return { place, end: pos + last.end };
  }
  return null;
}

/** The suburb of `state` whose name ends `text` ('12 George St Parramatta'), and where that name starts. */
function suburbAtEnd(
  index: RegionIndex,
  state: Place,
  text: string,
  postCode: string,
): { place: Place; start: number } | null {
  const byName = index.auSuburbs.get(state.node.code);
  if (!byName) return null;
  const words = englishWords(text);
  const trailing = text.slice(words[words.length - 1]?.end ?? 0).trim();
  if (trailing !== '') return null;
  for (let n = Math.min(words.length, index.maxSuburbWords); n >= 1; n -= 1) {
    const run = words.slice(words.length - n);
    const places = byName.get(run.map((w) => w.word).join(' '));
    const first = run[0];
    if (!places || !first) continue;
    const place = places.find((p) => p.node.postCode === postCode) ?? places[0];
    if (place) return { place, start: first.start };
  }
  return null;
}

/** Adds the levels below what `chain` has, reading from its end. */
function extend(index: RegionIndex, s: string, chain: Chain): Chain {
  let next = { ...chain };
  if (next.province && !next.city) {
    const province = next.province;
    const m = matchLevel(index, s, skipSeparators(s, next.end), 2, (p) => p.parent === province);
    const suburb = m ? null : matchSuburb(index, province, s, skipSeparators(s, next.end));
    if (m?.places.length === 1 && m.places[0]) {
      next = { ...next, city: m.places[0], end: m.end, score: next.score + weight(m) };
    } else if (suburb) {
      next = { ...next, city: suburb.place, end: suburb.end, score: next.score + 3 };
    } else if (province.children.length === 1 && province.children[0]) {
      next = { ...next, city: province.children[0] }; // a municipality's only city
    }
  }
  const parent = next.city ?? next.province;
  if (parent && !next.district && parent.root.maxDepth >= 3) {
    const m = matchLevel(index, s, skipSeparators(s, next.end), 3, (p) => isUnder(p, parent));
    if (m?.places.length === 1 && m.places[0]) {
      const district = m.places[0];
      next = { ...next, district, city: district.parent, end: m.end, score: next.score + weight(m) };
    }
  }
  return next;
}

function chainsAt(index: RegionIndex, s: string, pos: number): Chain[] {
  const chains: Chain[] = [];
  const any = () => true;
  const base = { start: pos, province: null, city: null, district: null };
  const province = matchLevel(index, s, pos, 1, any);
  for (const place of province?.places ?? []) {
    if (!province) break;
    chains.push(extend(index, s, { ...base, province: place, end: province.end, score: weight(province) }));
  }
  const city = matchLevel(index, s, pos, 2, any);
  for (const place of city?.places ?? []) {
    if (!city) break;
    chains.push(
      extend(index, s, { ...base, province: place.parent, city: place, end: city.end, score: weight(city) }),
    );
  }
  const district = matchLevel(index, s, pos, 3, any);
  // A district alone says where only when its full name is unique in the tree ('南山区', not '朝阳区').
  if (district?.full && district.places.length === 1 && district.places[0]) {
    const place = district.places[0];
    chains.push({
      ...base,
      province: place.parent?.parent ?? null,
      city: place.parent,
      district: place,
      end: district.end,
      score: weight(district) - 1,
    });
  }
  return chains;
}

function bestChain(index: RegionIndex, s: string): Chain | null {
  let best: Chain | null = null;
  for (let pos = 0; pos < s.length; pos += 1) {
    if (ANY_SEPARATOR.test(s.charAt(pos))) continue;
    for (const chain of chainsAt(index, s, pos)) {
      if (!best || chain.score > best.score) best = chain;
    }
  }
  return best;
}

// ---------------------------------------------------------------------------------------------------
// Name and detail

const ADDRESS_WORD =
  /[路街道巷弄号栋幢楼室层座村镇乡区县市省州园苑府厦院场店铺司门单元期组屯湾]|小区|大厦|广场|公寓|宿舍|中心/;
// 2–5 characters, or a transcribed name with middle dots ('阿依古丽·买买提').
const CJK_NAME = /^(?:[\u4e00-\u9fa5]{2,5}|[\u4e00-\u9fa5]{1,8}(?:[·・•][\u4e00-\u9fa5]{1,8}){1,3})$/;
const LATIN_NAME = /^[A-Za-z][A-Za-z'.-]*(?: [A-Za-z][A-Za-z'.-]*){0,3}$/;
const NOT_A_NAME =
  /^(?:中国|中华人民共和国|澳大利亚|澳洲|Australia|China|收货|发货|快递|手机|电话|手机号|姓名|名字|地址|收货人|收件人|联系人|联系方式|邮编|先生|女士|小姐|tel|phone|mobile|name|address)$/i;
const STREET_PREFIX =
  /^(?:unit|level|suite|shop|apt|apartment|flat|lot|po|p\.o\.|box|room|rm|building|bldg)$/i;

function isNameLike(token: string): boolean {
  const t = token.trim();
  if (!t || NOT_A_NAME.test(t)) return false;
  if (CJK_NAME.test(t)) return !ADDRESS_WORD.test(t);
  if (LATIN_NAME.test(t)) return !t.split(' ').some((w) => STREET_PREFIX.test(w));
  return false;
}

const tidy = (text: string) =>
  text
    .replace(/[\s\uE000]+/g, ' ')
    .replace(/^[\s,;:、.。\-_|/]+|[\s,;:、.。\-_|/]+$/g, '')
    .trim();

function splitHard(text: string): string[] {
  return text.split(new RegExp(HARD_SEPARATOR.source, 'g'));
}

/**
 * The token after a name label ('收货人：张三'), cut where the region chain starts, and the text with the
 * label and the name turned into breaks of the same length (so positions in it stay valid).
 */
function takeLabelledName(s: string, chainStart: number): { name: string; text: string } {
  const at = s.indexOf(NAME_MARK);
  if (at < 0) return { name: '', text: s };
  let p = at + 1;
  while (p < s.length && /\s/.test(s.charAt(p))) p += 1;
  let end = p;
  while (end < s.length && end !== chainStart && !ANY_SEPARATOR.test(s.charAt(end))) end += 1;
  const text = `${s.slice(0, at)}${BREAK.repeat(end - at)}${s.slice(end)}`.replaceAll(NAME_MARK, BREAK);
  return { name: s.slice(p, end), text };
}

/** The first name-like token of `text` (tokens split on any separator). */
function nameIn(text: string): string {
  const tokens = text.split(new RegExp(ANY_SEPARATOR.source, 'g')).filter((t) => t !== '');
  return tokens.find(isNameLike) ?? '';
}

function removeToken(text: string, token: string): string {
  return token ? text.replace(token, BREAK) : text;
}

/** name and detail around the matched chain (Chinese word order: region, then street). */
function nameAndDetail(
  s: string,
  chain: Chain | null,
  countryWords: RegExp,
): { name: string; detail: string } {
  const labelled = takeLabelledName(s, chain?.start ?? -1);
  let { name, text } = labelled;
  if (!chain) {
    // No region: the name is the first name-like token; everything else is the street.
    if (!name) {
      name = nameIn(text);
      text = removeToken(text, name);
    }
    return { name, detail: tidy(splitHard(text).map(tidy).filter(Boolean).join(' ')) };
  }
  const before = text.slice(0, chain.start).replace(countryWords, ' ');
  const after = text.slice(chain.end);

  if (!name) name = nameIn(before);

  const chunks = splitHard(after);
  const detailParts: string[] = [];
  chunks.forEach((raw, i) => {
    const chunk = tidy(raw);
    if (!chunk) return;
    if (!name && isNameLike(chunk)) {
      name = chunk;
      return;
    }
    if (i === 0 || detailParts.length === 0) {
      // The street right after the region; a trailing name-like word is the name ('…1号 张三').
      const words = chunk.split(' ');
      const last = words[words.length - 1] ?? '';
      if (!name && words.length > 1 && isNameLike(last)) {
        name = last;
        words.pop();
      }
      detailParts.push(words.join(' '));
      return;
    }
    detailParts.push(chunk);
  });
  return { name, detail: tidy(detailParts.join(' ')) };
}

// ---------------------------------------------------------------------------------------------------
// Australia, written in English

const AU_STATE_WORDS =
  /(?<![A-Za-z])(NSW|VIC|QLD|TAS|ACT|WA|SA|NT|New South Wales|Victoria|Queensland|Western Australia|South Australia|Tasmania|Australian Capital Territory|Northern Territory)(?![A-Za-z])\.?[\s,]*(\d{4})?(?!\d)/gi;

function auStateFor(index: RegionIndex, word: string): Place | null {
  const code = AU_ABBREVIATIONS[word.toUpperCase()];
  if (code) return index.auStates.find((p) => p.node.code === code) ?? null;
  return index.auByEnglish.get(word.toLowerCase()) ?? null;
}

function parseEnglishAustralian(index: RegionIndex, prepared: Prepared): ParsedAddress | null {
  const s = prepared.s.replace(/(?<![A-Za-z])(?:Australia|AUS)(?![A-Za-z])/gi, ' ');
  let state: Place | null = null;
  let stateStart = -1;
  let stateEnd = -1;
  let postCode = '';
  for (const m of s.matchAll(AU_STATE_WORDS)) {
    const word = m[1] ?? '';
    // Two-letter abbreviations only in capitals ('WA', not the 'wa' of a word).
    if (word.length <= 2 && word !== word.toUpperCase()) continue;
    const place = auStateFor(index, word);
    if (!place) continue;
    state = place;
    stateStart = m.index;
    stateEnd = m.index + m[0].length;
    postCode = m[2] ?? '';
  }
  let city: Place | null = null;
  let locality = '';
  // The segment holding the address: from the last hard break before the state (commas stay inside).
  const segmentOf = (at: number) => {
    const from = Math.max(s.lastIndexOf(BREAK, at - 1), s.lastIndexOf(NAME_MARK, at - 1)) + 1;
    return from;
  };
  let segmentStart: number;
  let streetText: string;
  if (state) {
    segmentStart = segmentOf(stateStart);
    streetText = s.slice(segmentStart, stateStart);
  } else {
    // No state: a suburb followed by its postcode ('Parramatta 2150') still places the address.
    let found: { place: Place; index: number; length: number; postCode: string } | null = null;
    for (const m of s.matchAll(/(?<!\d)(\d{4})(?!\d)/g)) {
      const code = m[1] ?? '';
      const before = s.slice(0, m.index).replace(/[\s,]+$/, '');
      for (const candidate of index.auStates) {
        const hit = suburbAtEnd(index, candidate, before, code);
        if (hit && hit.place.node.postCode === code) {
          found = {
            place: hit.place,
            index: hit.start,
            length: m.index + m[0].length - hit.start,
            postCode: code,
          };
          break;
        }
      }
    }
    if (!found) return null;
    city = found.place;
    state = found.place.parent;
    segmentStart = segmentOf(found.index);
    streetText = s.slice(segmentStart, found.index);
    stateEnd = found.index + found.length;
    postCode = found.postCode;
  }
  if (!state) return null;

  const parts = streetText
    .split(',')
    .map((p) => p.replace(/\s+/g, ' ').trim())
    .filter(Boolean);
  if (!city) {
    const last = parts.pop() ?? '';
    const known = suburbAtEnd(index, state, last, postCode);
    if (known) {
      city = known.place;
      const rest = last.slice(0, known.start).trim();
      if (rest) parts.push(rest);
    } else if (/\d/.test(last)) {
      // '12 George St Parramatta': the last word is the locality.
      const words = last.split(' ');
      locality = words.pop() ?? '';
      if (words.length) parts.push(words.join(' '));
    } else {
      locality = last;
    }
  }

  let { name } = takeLabelledName(s, -1);
  if (!name && parts.length > 1 && !/\d/.test(parts[0] ?? '') && isNameLike(parts[0] ?? '')) {
    name = parts.shift() ?? '';
  }
  if (!name && parts[0]) {
    // 'Tom 12 George St' or '张三 12 George St': leading name words before the street number.
    const lead = /^([^\d]+?)\s+(\d.*)$/.exec(parts[0]);
    if (lead?.[1] && lead[2] && isNameLike(lead[1])) {
      name = lead[1];
      parts[0] = lead[2];
    }
  }
  if (!name) {
    const outside = `${s.slice(0, segmentStart)}${BREAK}${s.slice(stateEnd)}`.replaceAll(NAME_MARK, BREAK);
    name = splitHard(outside).map(tidy).find(isNameLike) ?? nameIn(outside);
  }
  const cityName = city ? city.node.name : locality;
  return {
    ...EMPTY,
    name,
    phone: prepared.phone,
    province: state.node.name,
    city: cityName,
    detail: tidy(parts.join(', ')),
    postCode: postCode || prepared.postCode || city?.node.postCode || '',
  };
}

// ---------------------------------------------------------------------------------------------------

const COUNTRY_WORDS = /(?:中华人民共和国|中国大陆|中国|澳大利亚|澳洲)\s*$/;

/**
 * Reads name, phone, region, street and post code from pasted address text (spec §7 'Addresses',
 * intelligent/). `regions` is the served tree; region names in the answer are its names.
 */
export function parseChineseAddress(text: string, regions: readonly RegionRoot[]): ParsedAddress {
  const index = indexOf(regions);
  const prepared = prepare(text);
  const chain = bestChain(index, prepared.s);
  if (!chain) {
    const australian = parseEnglishAustralian(index, prepared);
    if (australian) return australian;
  }
  const { name, detail } = nameAndDetail(prepared.s, chain, COUNTRY_WORDS);
  let postCode = prepared.postCode;
  let street = detail;
  if (!postCode && chain?.province?.root.code === 'AU') {
    // A bare 4-digit postcode next to a Chinese-written Australian address.
    const code = /(?:^|\s)(\d{4})$/.exec(street);
    if (code?.[1]) {
      postCode = code[1];
      street = tidy(street.slice(0, street.length - code[0].length));
    }
  }
  return {
    name,
    phone: prepared.phone,
    province: chain?.province?.node.name ?? '',
    city: chain?.city?.node.name ?? '',
    district: chain?.district?.node.name ?? '',
    detail: street,
    postCode: postCode || chain?.city?.node.postCode || chain?.province?.node.postCode || '',
  };
}
