/**
 * The Sydney warehouse's pickup desk (到仓自提). Migration 0008 gives every shop this desk (the SQL repeats these
 * values; a test keeps them equal) and the demo content (footer, contact and pickup articles) names it.
 */
export const SYDNEY_PICKUP = {
  address: 'Unit 5, 12 Holker Street, Silverwater NSW 2128',
  hours: '周一至周五 9:00-17:00，周六 9:00-12:00（悉尼时间，公众假期休息）',
  phone: '+61 2 8000 1234',
} as const;
