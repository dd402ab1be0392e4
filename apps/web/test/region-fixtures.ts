import type { RegionRoot } from '@shop/domain';

/**
 * A small China tree with the shape of /res/static/address.json: cities with districts, a city with a postcode,
 * and a county-level city directly under its region (石河子市), with the pinyin initials the search uses.
 */
export const chinaTree: RegionRoot = {
  code: 'CN',
  name: '中国',
  maxDepth: 3,
  children: [
    {
      code: 'CN440000',
      name: '广东省',
      py: 'gds',
      children: [
        {
          code: 'CN440300',
          name: '深圳市',
          py: 'szs',
          postCode: '518000',
          children: [
            { code: 'CN440305', name: '南山区', py: 'nsq' },
            { code: 'CN440304', name: '福田区', py: 'ftq' },
            { code: 'CN440306', name: '宝安区', py: 'baq' },
          ],
        },
        {
          code: 'CN440100',
          name: '广州市',
          py: 'gzs',
          postCode: '510000',
          children: [{ code: 'CN440106', name: '天河区', py: 'thq' }],
        },
      ],
    },
    {
      code: 'CN650000',
      name: '新疆维吾尔自治区',
      py: 'xjwwezzq',
      children: [
        {
          code: 'CN650100',
          name: '乌鲁木齐市',
          py: 'wlmqs',
          postCode: '830000',
          children: [{ code: 'CN650102', name: '天山区', py: 'tsq' }],
        },
        {
          code: 'CN654000',
          name: '伊犁哈萨克自治州',
          py: 'ylhskzzz',
          children: [{ code: 'CN654003', name: '奎屯市', py: 'kts' }],
        },
        { code: 'CN659001', name: '石河子市', py: 'shzs', postCode: '832000' },
      ],
    },
  ],
};
