/** Countries (spec §3 'Countries'). */
export const Country = {
  AU: 'AU',
  CN: 'CN',
  NZ: 'NZ',
  US: 'US',
  HK: 'HK',
  KR: 'KR',
  EU: 'EU',
  JP: 'JP',
  OTHER: 'OTHER',
} as const;
export type Country = (typeof Country)[keyof typeof Country];

export const COUNTRY_LABELS: Readonly<Record<Country, string>> = {
  [Country.AU]: '澳大利亚',
  [Country.CN]: '中国',
  [Country.NZ]: '新西兰',
  [Country.US]: '美国',
  [Country.HK]: '香港',
  [Country.KR]: '韩国',
  [Country.EU]: '欧洲',
  [Country.JP]: '日本',
  [Country.OTHER]: '其他',
};

/** Chinese name of a country code; any code outside the list reads '其他' (spec §3 'OTHER'). */
export function countryLabel(code: string | null | undefined): string {
  const key = (code ?? '').trim().toUpperCase();
  return Object.hasOwn(COUNTRY_LABELS, key) ? (COUNTRY_LABELS[key as Country] ?? '其他') : '其他';
}
