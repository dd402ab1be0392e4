import { describe, expect, it } from 'vitest';
import { type ParsedAddress, parseChineseAddress } from '../src/modules/address/address-parser';
import { buildFullRegionTree } from '../src/modules/address/regions';

/** The tree with every county-level unit and every Australian suburb (what the API parses with). */
const tree = buildFullRegionTree();

// Addresses as shoppers paste them, one or more in each of the 34 provincial-level divisions and each of
// the 8 Australian states and territories: [pasted text, the fields expected ('' where not written)].
const table: [string, Partial<ParsedAddress>][] = [
  [
    '张伟 13811112222 北京市海淀区中关村大街27号',
    { province: '北京市', city: '北京市', district: '海淀区', detail: '中关村大街27号', name: '张伟' },
  ],
  [
    '天津市和平区南京路219号 李娜 13622223333',
    { province: '天津市', city: '天津市', district: '和平区', detail: '南京路219号', name: '李娜' },
  ],
  [
    '王芳 15833334444 河北省石家庄市长安区中山东路39号',
    { province: '河北省', city: '石家庄市', district: '长安区', detail: '中山东路39号' },
  ],
  [
    '山西省太原市小店区坞城路92号 刘洋 13934445555',
    { province: '山西省', city: '太原市', district: '小店区', detail: '坞城路92号' },
  ],
  [
    '内蒙古鄂尔多斯市东胜区鄂尔多斯西街1号 陈杰 15148889999',
    { province: '内蒙古自治区', city: '鄂尔多斯市', district: '东胜区', detail: '鄂尔多斯西街1号' },
  ],
  [
    '赵敏 13840001234 辽宁省大连市中山区人民路9号',
    { province: '辽宁省', city: '大连市', district: '中山区', detail: '人民路9号' },
  ],
  [
    '吉林省延边朝鲜族自治州延吉市光明街88号 金哲 13904331234',
    { province: '吉林省', city: '延边朝鲜族自治州', district: '延吉市', detail: '光明街88号' },
  ],
  [
    '黑龙江哈尔滨南岗区西大直街92号 孙丽 18645001234',
    { province: '黑龙江省', city: '哈尔滨市', district: '南岗区', detail: '西大直街92号' },
  ],
  [
    '上海市静安区南京西路1266号 周杰 13916001234',
    { province: '上海市', city: '上海市', district: '静安区', detail: '南京西路1266号' },
  ],
  [
    '收货人：吴刚 电话：13951001234 地址：江苏省南京市鼓楼区汉口路22号',
    { province: '江苏省', city: '南京市', district: '鼓楼区', detail: '汉口路22号', name: '吴刚' },
  ],
  [
    '浙江省宁波市鄞州区钱湖北路88号，郑爽，13805741234',
    { province: '浙江省', city: '宁波市', district: '鄞州区', detail: '钱湖北路88号', name: '郑爽' },
  ],
  [
    '安徽省合肥市蜀山区长江西路130号 冯军 15905511234',
    { province: '安徽省', city: '合肥市', district: '蜀山区', detail: '长江西路130号' },
  ],
  [
    '福建省泉州市晋江市世纪大道1号 何静 13905951234',
    { province: '福建省', city: '泉州市', district: '晋江市', detail: '世纪大道1号' },
  ],
  [
    '江西省南昌市东湖区八一大道1号 许鹏 13907911234',
    { province: '江西省', city: '南昌市', district: '东湖区', detail: '八一大道1号' },
  ],
  [
    '山东省青岛市市南区香港中路76号 邓超 13905321234',
    { province: '山东省', city: '青岛市', district: '市南区', detail: '香港中路76号' },
  ],
  [
    '河南省郑州市金水区花园路1号 曹颖 13903711234',
    { province: '河南省', city: '郑州市', district: '金水区', detail: '花园路1号' },
  ],
  [
    '湖北省宜昌市西陵区东山大道1号 彭亮 13907171234',
    { province: '湖北省', city: '宜昌市', district: '西陵区', detail: '东山大道1号' },
  ],
  [
    '湖南长沙岳麓区麓山南路2号 蒋勇 13907311234',
    { province: '湖南省', city: '长沙市', district: '岳麓区', detail: '麓山南路2号' },
  ],
  [
    '广东省佛山市顺德区大良街道德和路1号 黄蓉 13702831234',
    { province: '广东省', city: '佛山市', district: '顺德区', detail: '大良街道德和路1号' },
  ],
  [
    '广西壮族自治区桂林市秀峰区中山中路1号 韦强 13907731234',
    { province: '广西壮族自治区', city: '桂林市', district: '秀峰区', detail: '中山中路1号' },
  ],
  [
    '海南省三亚市吉阳区迎宾路1号 符海 13907981234',
    { province: '海南省', city: '三亚市', district: '吉阳区', detail: '迎宾路1号' },
  ],
  [
    '重庆市渝北区金开大道1号 谭红 13908231234',
    { province: '重庆市', city: '重庆市', district: '渝北区', detail: '金开大道1号' },
  ],
  [
    '四川省甘孜藏族自治州康定市炉城镇1号 扎西 13908361234',
    { province: '四川省', city: '甘孜藏族自治州', district: '康定市', detail: '炉城镇1号' },
  ],
  [
    '贵州省贵阳市云岩区中华北路1号 龙飞 13908511234',
    { province: '贵州省', city: '贵阳市', district: '云岩区', detail: '中华北路1号' },
  ],
  [
    '云南省大理白族自治州大理市人民路1号 段誉 13908721234',
    { province: '云南省', city: '大理白族自治州', district: '大理市', detail: '人民路1号' },
  ],
  [
    '西藏自治区日喀则市桑珠孜区珠峰路1号 次仁 13908921234',
    { province: '西藏自治区', city: '日喀则市', district: '桑珠孜区', detail: '珠峰路1号' },
  ],
  [
    '陕西省西安市雁塔区小寨东路1号 马超 13909291234',
    { province: '陕西省', city: '西安市', district: '雁塔区', detail: '小寨东路1号' },
  ],
  [
    '甘肃省兰州市城关区东岗西路1号 牛犇 13909311234',
    { province: '甘肃省', city: '兰州市', district: '城关区', detail: '东岗西路1号' },
  ],
  [
    '青海省西宁市城西区五四大街1号 韩梅 13909711234',
    { province: '青海省', city: '西宁市', district: '城西区', detail: '五四大街1号' },
  ],
  [
    '宁夏银川市兴庆区解放东街1号 马兰 13909511234',
    { province: '宁夏回族自治区', city: '银川市', district: '兴庆区', detail: '解放东街1号' },
  ],
  [
    '新疆维吾尔自治区伊犁哈萨克自治州奎屯市北京东路1号 阿依努尔 13909921234',
    { province: '新疆维吾尔自治区', city: '伊犁哈萨克自治州', district: '奎屯市', detail: '北京东路1号' },
  ],
  [
    '林志玲 台湾省台北市大安区忠孝东路四段1号',
    { province: '台湾省', city: '台北市', district: '大安区', detail: '忠孝东路四段1号', name: '林志玲' },
  ],
  [
    '香港特别行政区九龙油尖旺区弥敦道100号 陈小春 13800001111',
    {
      province: '香港特别行政区',
      city: '九龙',
      district: '油尖旺区',
      detail: '弥敦道100号',
      postCode: '999077',
    },
  ],
  [
    '澳门特别行政区澳门半岛花地玛堂区关闸马路1号 梁燕 13800002222',
    { province: '澳门特别行政区', city: '澳门半岛', district: '花地玛堂区', detail: '关闸马路1号' },
  ],
  [
    '新疆石河子市北四路1号 王军 13909931234',
    { province: '新疆维吾尔自治区', city: '石河子市', district: '', detail: '北四路1号' },
  ],
  [
    '湖北省仙桃市钱沟路1号 刘琴 13907281234',
    { province: '湖北省', city: '仙桃市', district: '', detail: '钱沟路1号' },
  ],
  [
    '内蒙古自治区锡林郭勒盟锡林浩特市额尔敦路1号 巴图 15904791234',
    { province: '内蒙古自治区', city: '锡林郭勒盟', district: '锡林浩特市', detail: '额尔敦路1号' },
  ],
  [
    '黑龙江省大兴安岭地区漠河市西林吉镇1号 白雪 13904571234',
    { province: '黑龙江省', city: '大兴安岭地区', district: '漠河市', detail: '西林吉镇1号' },
  ],
  [
    '乌鲁木齐天山区解放北路1号 艾力 13909911234',
    { province: '新疆维吾尔自治区', city: '乌鲁木齐市', district: '天山区', detail: '解放北路1号' },
  ],
  [
    '海南省琼海市嘉积镇1号 王海 13907981235',
    { province: '海南省', city: '琼海市', district: '', detail: '嘉积镇1号' },
  ],
  [
    '四川省凉山州西昌市航天大道1号 阿力 13908341234',
    { province: '四川省', city: '凉山彝族自治州', district: '西昌市', detail: '航天大道1号' },
  ],
  [
    '福建省厦门市思明区展鸿路82号 冯三 13911112222 361005',
    { province: '福建省', city: '厦门市', district: '思明区', postCode: '361005' },
  ],
  [
    'Emily Chen 0412 345 678 Unit 3, 15 Bay St, Double Bay NSW 2028',
    {
      province: '新南威尔士州',
      city: 'Double Bay',
      detail: 'Unit 3, 15 Bay St',
      postCode: '2028',
      name: 'Emily Chen',
      phone: '0412345678',
    },
  ],
  [
    'James Wong, 0400 111 222, 42 Chapel Street, South Yarra VIC 3141',
    {
      province: '维多利亚州',
      city: 'South Yarra',
      detail: '42 Chapel Street',
      postCode: '3141',
      name: 'James Wong',
    },
  ],
  [
    'Sarah Li 0433 222 333 7 Grey St, South Brisbane QLD 4101',
    { province: '昆士兰州', city: 'South Brisbane', detail: '7 Grey St', postCode: '4101' },
  ],
  [
    'Tom Nguyen 0421 333 444 88 Hay St Subiaco WA 6008',
    { province: '西澳大利亚州', city: 'Subiaco', detail: '88 Hay St', postCode: '6008' },
  ],
  [
    'Lucy Zhang 0402 444 555 12 The Parade, Norwood SA 5067',
    { province: '南澳大利亚州', city: 'Norwood', detail: '12 The Parade', postCode: '5067' },
  ],
  [
    'Jack Brown 0413 555 666 1 Battery Sq, Battery Point TAS 7004',
    { province: '塔斯马尼亚州', city: 'Battery Point', detail: '1 Battery Sq', postCode: '7004' },
  ],
  [
    'Amy Liu 0414 666 777 3 Lonsdale St, Braddon ACT 2612',
    { province: '澳大利亚首都领地', city: 'Braddon', detail: '3 Lonsdale St', postCode: '2612' },
  ],
  [
    'Ben Smith 0415 777 888 20 Mitchell St, Darwin City NT 0800',
    { province: '北领地', city: 'Darwin City', detail: '20 Mitchell St', postCode: '0800' },
  ],
];

describe('parseChineseAddress over every provincial-level division and Australian state', () => {
  it('has 50 addresses covering all 34 divisions and all 8 states', () => {
    expect(table).toHaveLength(50);
    const provinces = new Set(table.map(([, e]) => e.province));
    const cn = tree.find((r) => r.code === 'CN')?.children.map((p) => p.name) ?? [];
    const au = tree.find((r) => r.code === 'AU')?.children.map((s) => s.name) ?? [];
    expect(cn.filter((p) => !provinces.has(p))).toEqual([]);
    expect(au.filter((s) => !provinces.has(s))).toEqual([]);
  });

  it.each(table)('%s', (text, expected) => {
    const parsed = parseChineseAddress(text, tree);
    expect(parsed).toMatchObject({ district: '', ...expected });
    expect(parsed.phone).toMatch(/^(1\d{10}|0[2-478]\d{8})?$/);
  });

  it('answers every Australian address with suburb, state and postcode', () => {
    for (const [text, expected] of table.filter(
      ([, e]) => e.province && /州|领地/.test(e.province) && e.postCode?.length === 4,
    )) {
      const parsed = parseChineseAddress(text, tree);
      expect([parsed.city, parsed.province, parsed.postCode], text).toEqual([
        expected.city,
        expected.province,
        expected.postCode,
      ]);
    }
  });
});
