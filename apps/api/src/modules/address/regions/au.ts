import type { RegionNode } from './types';

function city(state: string, id: string, name: string, enName: string, postCode?: string): RegionNode {
  return { code: `AU-${state}-${id}`, name, enName, ...(postCode ? { postCode } : {}) };
}

/** Australia's six states and two territories with their capitals and major cities (postcode of the centre). */
export const auStates: RegionNode[] = [
  {
    code: 'AU-NSW',
    name: '新南威尔士州',
    enName: 'New South Wales',
    children: [
      city('NSW', 'SYD', '悉尼', 'Sydney', '2000'),
      city('NSW', 'NCL', '纽卡斯尔', 'Newcastle', '2300'),
      city('NSW', 'WOL', '卧龙岗', 'Wollongong', '2500'),
    ],
  },
  {
    code: 'AU-VIC',
    name: '维多利亚州',
    enName: 'Victoria',
    children: [
      city('VIC', 'MEL', '墨尔本', 'Melbourne', '3000'),
      city('VIC', 'GEE', '吉朗', 'Geelong', '3220'),
      city('VIC', 'BAL', '巴拉瑞特', 'Ballarat', '3350'),
      city('VIC', 'BEN', '本迪戈', 'Bendigo', '3550'),
    ],
  },
  {
    code: 'AU-QLD',
    name: '昆士兰州',
    enName: 'Queensland',
    children: [
      city('QLD', 'BNE', '布里斯班', 'Brisbane', '4000'),
      city('QLD', 'GC', '黄金海岸', 'Gold Coast'),
      city('QLD', 'SC', '阳光海岸', 'Sunshine Coast'),
      city('QLD', 'TSV', '汤斯维尔', 'Townsville', '4810'),
      city('QLD', 'CNS', '凯恩斯', 'Cairns', '4870'),
      city('QLD', 'TWB', '图文巴', 'Toowoomba', '4350'),
    ],
  },
  {
    code: 'AU-WA',
    name: '西澳大利亚州',
    enName: 'Western Australia',
    children: [
      city('WA', 'PER', '珀斯', 'Perth', '6000'),
      city('WA', 'FRE', '弗里曼特尔', 'Fremantle', '6160'),
    ],
  },
  {
    code: 'AU-SA',
    name: '南澳大利亚州',
    enName: 'South Australia',
    children: [city('SA', 'ADL', '阿德莱德', 'Adelaide', '5000')],
  },
  {
    code: 'AU-TAS',
    name: '塔斯马尼亚州',
    enName: 'Tasmania',
    children: [
      city('TAS', 'HBA', '霍巴特', 'Hobart', '7000'),
      city('TAS', 'LST', '朗塞斯顿', 'Launceston', '7250'),
    ],
  },
  {
    code: 'AU-ACT',
    name: '澳大利亚首都领地',
    enName: 'Australian Capital Territory',
    children: [city('ACT', 'CBR', '堪培拉', 'Canberra', '2600')],
  },
  {
    code: 'AU-NT',
    name: '北领地',
    enName: 'Northern Territory',
    children: [
      city('NT', 'DRW', '达尔文', 'Darwin', '0800'),
      city('NT', 'ASP', '爱丽斯泉', 'Alice Springs', '0870'),
    ],
  },
];
