import { describe, expect, it } from 'vitest';
import { type ParsedAddress, parseChineseAddress } from '../src/modules/address/address-parser';
import {
  buildFullRegionTree,
  buildRegionTree,
  type RegionNode,
  type RegionRoot,
} from '../src/modules/address/regions';

/** The parser reads the tree with every Australian suburb; the served tree stops at the states. */
const tree = buildFullRegionTree();
const servedTree = buildRegionTree();

type Expected = Partial<ParsedAddress>;
const blank: ParsedAddress = {
  name: '',
  phone: '',
  province: '',
  city: '',
  district: '',
  detail: '',
  postCode: '',
};

const SZ_NANSHAN = { province: '广东省', city: '深圳市', district: '南山区', postCode: '518000' };

// [what the sample shows, pasted text, expected fields (the others are '')]
const samples: [string, string, Expected][] = [
  [
    'name, phone, address',
    '张三 13800138000 广东省深圳市南山区科技园路1号',
    { name: '张三', phone: '13800138000', ...SZ_NANSHAN, detail: '科技园路1号' },
  ],
  [
    'phone first',
    '13800138000 张三 广东省深圳市南山区科技园路1号',
    { name: '张三', phone: '13800138000', ...SZ_NANSHAN, detail: '科技园路1号' },
  ],
  [
    'name and phone last',
    '广东省深圳市南山区科技园路1号 张三 13800138000',
    { name: '张三', phone: '13800138000', ...SZ_NANSHAN, detail: '科技园路1号' },
  ],
  [
    'full-width commas',
    '广东省深圳市南山区科技园路1号，张三，13800138000',
    { name: '张三', phone: '13800138000', ...SZ_NANSHAN, detail: '科技园路1号' },
  ],
  [
    'labels, phone with dashes',
    '收货人：张三 电话：138-0013-8000 地址：广东省深圳市南山区科技园路1号',
    { name: '张三', phone: '13800138000', ...SZ_NANSHAN, detail: '科技园路1号' },
  ],
  [
    'labelled lines, +86 with spaces, region written with spaces',
    '收货人:李四\n手机号码:+86 139 1234 5678\n所在地区:浙江省 杭州市 西湖区\n详细地址:文三路90号东部软件园1号楼',
    {
      name: '李四',
      phone: '13912345678',
      province: '浙江省',
      city: '杭州市',
      district: '西湖区',
      detail: '文三路90号东部软件园1号楼',
      postCode: '310000',
    },
  ],
  [
    'full-width semicolons, landline, province without 省',
    '王五；0755-86001234；广东深圳南山区粤海街道科技南十二路2号',
    { name: '王五', phone: '0755-86001234', ...SZ_NANSHAN, detail: '粤海街道科技南十二路2号' },
  ],
  [
    'municipality 北京市: the city is 北京市 too',
    '北京市朝阳区建国路88号SOHO现代城A座1001 赵六 15011112222',
    {
      name: '赵六',
      phone: '15011112222',
      province: '北京市',
      city: '北京市',
      district: '朝阳区',
      detail: '建国路88号SOHO现代城A座1001',
      postCode: '100000',
    },
  ],
  [
    'municipality without 市, four-character name',
    '上海浦东新区世纪大道100号 欧阳娜娜 18612345678',
    {
      name: '欧阳娜娜',
      phone: '18612345678',
      province: '上海市',
      city: '上海市',
      district: '浦东新区',
      detail: '世纪大道100号',
      postCode: '200000',
    },
  ],
  [
    'autonomous region by its short name',
    '广西南宁市青秀区民族大道136号 韦小宝 13307710000',
    {
      name: '韦小宝',
      phone: '13307710000',
      province: '广西壮族自治区',
      city: '南宁市',
      district: '青秀区',
      detail: '民族大道136号',
      postCode: '530000',
    },
  ],
  [
    'autonomous region by its full name',
    '内蒙古自治区呼和浩特市赛罕区大学西街235号 巴特尔 15947100000',
    {
      name: '巴特尔',
      phone: '15947100000',
      province: '内蒙古自治区',
      city: '呼和浩特市',
      district: '赛罕区',
      detail: '大学西街235号',
      postCode: '010000',
    },
  ],
  [
    'city without province, 邮编 in the text',
    '深圳市福田区福华一路88号 陈七 13600000000 邮编518048',
    {
      name: '陈七',
      phone: '13600000000',
      province: '广东省',
      city: '深圳市',
      district: '福田区',
      detail: '福华一路88号',
      postCode: '518048',
    },
  ],
  [
    '【】 labels; a development zone that is not a district stays in the detail',
    '【收货人】刘八【电话】13512345678【地址】江苏省苏州市工业园区星湖街328号',
    {
      name: '刘八',
      phone: '13512345678',
      province: '江苏省',
      city: '苏州市',
      detail: '工业园区星湖街328号',
      postCode: '215000',
    },
  ],
  [
    'extra spaces, region with spaces, phone in groups',
    '  广东省 深圳市 南山区   科技园路1号  周九   137 0000 1111  ',
    { name: '周九', phone: '13700001111', ...SZ_NANSHAN, detail: '科技园路1号' },
  ],
  [
    'a city without districts (东莞)',
    '孙十 18900001111 广东省东莞市南城街道鸿福路200号',
    {
      name: '孙十',
      phone: '18900001111',
      province: '广东省',
      city: '东莞市',
      detail: '南城街道鸿福路200号',
      postCode: '523000',
    },
  ],
  [
    'only an address',
    '四川省成都市武侯区人民南路四段1号',
    { province: '四川省', city: '成都市', district: '武侯区', detail: '人民南路四段1号', postCode: '610000' },
  ],
  [
    'phone first, name last, 重庆',
    '13800138000 重庆市渝中区解放碑民权路28号 吴一',
    {
      name: '吴一',
      phone: '13800138000',
      province: '重庆市',
      city: '重庆市',
      district: '渝中区',
      detail: '解放碑民权路28号',
      postCode: '400000',
    },
  ],
  [
    'Tianjin landline, 滨海新区',
    '郑二，天津市滨海新区第三大街51号，022-66281234',
    {
      name: '郑二',
      phone: '022-66281234',
      province: '天津市',
      city: '天津市',
      district: '滨海新区',
      detail: '第三大街51号',
      postCode: '300000',
    },
  ],
  [
    'no 省, no 市, district without 区',
    '湖北武汉洪山珞喻路1037号 李华 027-87541234',
    {
      name: '李华',
      phone: '027-87541234',
      province: '湖北省',
      city: '武汉市',
      district: '洪山区',
      detail: '珞喻路1037号',
      postCode: '430000',
    },
  ],
  [
    'a bare 6-digit post code',
    '冯三 13911112222 福建省厦门市思明区展鸿路82号 361005',
    {
      name: '冯三',
      phone: '13911112222',
      province: '福建省',
      city: '厦门市',
      district: '思明区',
      detail: '展鸿路82号',
      postCode: '361005',
    },
  ],
  [
    'missing name',
    '天津河西区友谊路 18822223333',
    {
      phone: '18822223333',
      province: '天津市',
      city: '天津市',
      district: '河西区',
      detail: '友谊路',
      postCode: '300000',
    },
  ],
  [
    'missing district, 0086 prefix',
    '0086-13800138000 韩梅梅 广东省深圳市科技园路1号',
    {
      name: '韩梅梅',
      phone: '13800138000',
      province: '广东省',
      city: '深圳市',
      detail: '科技园路1号',
      postCode: '518000',
    },
  ],
  [
    'missing phone',
    '广州市越秀区北京路1号 李雷',
    {
      name: '李雷',
      province: '广东省',
      city: '广州市',
      district: '越秀区',
      detail: '北京路1号',
      postCode: '510000',
    },
  ],
  [
    'repeated separators',
    '张三,,,13800138000;;广东省深圳市南山区;;科技园路1号,,',
    { name: '张三', phone: '13800138000', ...SZ_NANSHAN, detail: '科技园路1号' },
  ],
  [
    'four-character name, landline label, 邮编：',
    '收货人：司马相如 联系电话：021-62345678 收货地址：上海市徐汇区漕溪北路88号 邮编：200030',
    {
      name: '司马相如',
      phone: '021-62345678',
      province: '上海市',
      city: '上海市',
      district: '徐汇区',
      detail: '漕溪北路88号',
      postCode: '200030',
    },
  ],
  [
    'no separators at all',
    '张三13800138000广东省深圳市南山区科技园路1号',
    { name: '张三', phone: '13800138000', ...SZ_NANSHAN, detail: '科技园路1号' },
  ],
  [
    'a street named after a city is not a region (中山五路)',
    '收件人: 王小明, 手机: 13800138000, 地址: 广东省广州市越秀区中山五路1号',
    {
      name: '王小明',
      phone: '13800138000',
      province: '广东省',
      city: '广州市',
      district: '越秀区',
      detail: '中山五路1号',
      postCode: '510000',
    },
  ],
  [
    'province and city of the same name (吉林)',
    '吉林省吉林市昌邑区解放中路 王五 13644321234',
    {
      name: '王五',
      phone: '13644321234',
      province: '吉林省',
      city: '吉林市',
      district: '昌邑区',
      detail: '解放中路',
      postCode: '132000',
    },
  ],
  [
    'country prefix 中国',
    '中国广东省广州市天河区体育西路191号 张晓明 13800000000',
    {
      name: '张晓明',
      phone: '13800000000',
      province: '广东省',
      city: '广州市',
      district: '天河区',
      detail: '体育西路191号',
      postCode: '510000',
    },
  ],
  [
    'a district unique in the tree places the address',
    '宝安区新安街道创业一路1号 张三',
    {
      name: '张三',
      province: '广东省',
      city: '深圳市',
      district: '宝安区',
      detail: '新安街道创业一路1号',
      postCode: '518000',
    },
  ],
  [
    'an ambiguous district alone (朝阳区: 北京 and 长春) places nothing',
    '朝阳区建国路88号 张三',
    { name: '张三', detail: '朝阳区建国路88号' },
  ],
  [
    'short district name in Tibet',
    '西藏拉萨城关区北京中路',
    { province: '西藏自治区', city: '拉萨市', district: '城关区', detail: '北京中路', postCode: '850000' },
  ],
  [
    'autonomous prefecture written 恩施州',
    '湖北省恩施州恩施市舞阳大道1号',
    {
      province: '湖北省',
      city: '恩施土家族苗族自治州',
      district: '恩施市',
      detail: '舞阳大道1号',
      postCode: '445000',
    },
  ],
  [
    'an autonomous county written short (石柱县), name with a middle dot',
    '阿依古丽·买买提 13899990000 重庆石柱县南宾街道',
    {
      name: '阿依古丽·买买提',
      phone: '13899990000',
      province: '重庆市',
      city: '重庆市',
      district: '石柱土家族自治县',
      detail: '南宾街道',
      postCode: '400000',
    },
  ],
  ['only a name and a phone', '张三 13800138000', { name: '张三', phone: '13800138000' }],
  [
    'Australia in English',
    'Tom 0412 345 678 12 George St, Sydney NSW 2000',
    {
      name: 'Tom',
      phone: '0412345678',
      province: '新南威尔士州',
      city: 'Sydney',
      detail: '12 George St',
      postCode: '2000',
    },
  ],
  [
    'Australia in English with commas',
    'Jane Smith, 0423-456-789, Unit 5, 100 Collins Street, Melbourne VIC 3000',
    {
      name: 'Jane Smith',
      phone: '0423456789',
      province: '维多利亚州',
      city: 'Melbourne',
      detail: 'Unit 5, 100 Collins Street',
      postCode: '3000',
    },
  ],
  [
    'Australia in Chinese, +61',
    '张三 +61 412 345 678 新南威尔士州悉尼市乔治街12号 邮编2000',
    {
      name: '张三',
      phone: '0412345678',
      province: '新南威尔士州',
      city: 'Sydney',
      detail: '乔治街12号',
      postCode: '2000',
    },
  ],
  [
    'Australia: a suburb of the state read from the end of the street',
    'Mary Lee 0412 345 678 5 Smith Road Parramatta NSW 2150',
    {
      name: 'Mary Lee',
      phone: '0412345678',
      province: '新南威尔士州',
      city: 'Parramatta',
      detail: '5 Smith Road',
      postCode: '2150',
    },
  ],
  [
    'Australia: landline, no postcode (the suburb gives it)',
    '(02) 9876 5432 Bob, 1 Martin Place Sydney NSW',
    {
      name: 'Bob',
      phone: '0298765432',
      province: '新南威尔士州',
      city: 'Sydney',
      detail: '1 Martin Place',
      postCode: '2000',
    },
  ],
];

describe('parseChineseAddress', () => {
  it.each(samples)('%s: %s', (_what, text, expected) => {
    expect(parseChineseAddress(text, tree)).toEqual({ ...blank, ...expected });
  });

  it('answers every field empty for empty text', () => {
    expect(parseChineseAddress('', tree)).toEqual(blank);
    expect(parseChineseAddress(' \n ,; ', tree)).toEqual(blank);
  });

  it('works with any tree it is given (a tree without 深圳 places nothing there)', () => {
    const small: RegionRoot[] = [
      {
        code: 'CN',
        name: '中国',
        maxDepth: 3,
        children: [{ code: 'CN110000', name: '北京市', children: [{ code: 'CN110100', name: '北京市' }] }],
      },
    ];
    expect(parseChineseAddress('深圳市南山区科技园路1号', small)).toEqual({
      ...blank,
      detail: '深圳市南山区科技园路1号',
    });
    expect(parseChineseAddress('北京海淀区中关村大街1号', small)).toMatchObject({
      province: '北京市',
      city: '北京市',
    });
  });
});

function walk(node: RegionNode, depth: number, visit: (node: RegionNode, depth: number) => void) {
  visit(node, depth);
  for (const child of node.children ?? []) walk(child, depth + 1, visit);
}

describe('region tree', () => {
  const roots = servedTree;

  it('has China and Australia as roots, each with its maximum depth', () => {
    expect(roots.map((r) => [r.code, r.name, r.maxDepth])).toEqual([
      ['CN', '中国', 3],
      ['AU', '澳大利亚', 2],
    ]);
  });

  it('has no node deeper than its root allows, unique codes and no empty names', () => {
    const codes = new Set<string>();
    for (const root of roots) {
      walk(root, 0, (node, depth) => {
        expect(depth, node.code).toBeLessThanOrEqual(root.maxDepth);
        expect(node.name.trim(), node.code).not.toBe('');
        expect(node.name, node.code).not.toMatch(/\d/);
        expect(codes.has(node.code), `duplicate ${node.code}`).toBe(false);
        codes.add(node.code);
        if (node.postCode !== undefined) {
          expect(node.postCode, node.name).toMatch(root.code === 'CN' ? /^\d{6}$/ : /^\d{4}$/);
        }
      });
    }
  });

  it('has every provincial-level division of mainland China with its cities', () => {
    const cn = roots.find((r) => r.code === 'CN');
    const provinces = cn?.children ?? [];
    // 31 mainland divisions, Taiwan, Hong Kong and Macao.
    expect(provinces).toHaveLength(34);
    for (const p of provinces) expect(p.children?.length, p.name).toBeGreaterThan(0);
    const cities = provinces.flatMap((p) => p.children ?? []);
    expect(cities.length).toBeGreaterThanOrEqual(330);
    const names = (code: string) =>
      provinces.find((p) => p.code === code)?.children?.map((c) => c.name) ?? [];
    expect(names('CN440000')).toHaveLength(21); // 广东: every prefecture-level city
    expect(names('CN320000')).toHaveLength(13); // 江苏
    expect(names('CN330000')).toHaveLength(11); // 浙江
    expect(names('CN370000')).toHaveLength(16); // 山东
  });

  it('has the four municipalities with one city of the same name and their districts', () => {
    const cn = roots.find((r) => r.code === 'CN');
    for (const [name, districts] of [
      ['北京市', 16],
      ['上海市', 16],
      ['天津市', 16],
      ['重庆市', 38],
    ] as const) {
      const p = cn?.children.find((c) => c.name === name);
      expect(
        p?.children?.map((c) => c.name),
        name,
      ).toEqual([name]);
      expect(p?.children?.[0]?.children, name).toHaveLength(districts);
    }
  });

  it('has every Australian state and territory, without suburbs (each state has a file of its own)', () => {
    const au = roots.find((r) => r.code === 'AU');
    expect(au?.children.map((s) => s.enName)).toEqual([
      'New South Wales',
      'Victoria',
      'Queensland',
      'Western Australia',
      'South Australia',
      'Tasmania',
      'Australian Capital Territory',
      'Northern Territory',
    ]);
    for (const state of au?.children ?? []) expect(state.children, state.code).toBeUndefined();
  });

  it('gives the parser every state with its capital among the suburbs', () => {
    const au = tree.find((r) => r.code === 'AU');
    const capital = (enName: string, name: string) =>
      au?.children.find((s) => s.enName === enName)?.children?.find((c) => c.name === name)?.postCode;
    expect(capital('New South Wales', 'Sydney')).toBe('2000');
    expect(capital('Victoria', 'Melbourne')).toBe('3000');
    expect(capital('Queensland', 'Brisbane')).toBe('4000');
    expect(capital('Western Australia', 'Perth')).toBe('6000');
    expect(capital('South Australia', 'Adelaide')).toBe('5000');
    expect(capital('Tasmania', 'Hobart')).toBe('7000');
    expect(capital('Australian Capital Territory', 'Canberra')).toBe('2600');
    expect(capital('Northern Territory', 'Darwin')).toBe('0800');
  });
});
