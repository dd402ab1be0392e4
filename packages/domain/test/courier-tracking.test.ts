import { describe, expect, it } from 'vitest';
import {
  isParcelNews,
  isParcelSettled,
  mainTrackingState,
  ParcelMilestone,
  parcelMilestone,
  suggestedTrackingCode,
  TRACKING_CODE_PATTERN,
  trackingStateLabel,
} from '../src';

describe('the milestone a tracking state marks (docs/decisions/061)', () => {
  it.each([
    [0, null],
    [1, ParcelMilestone.Collected],
    [101, null],
    [102, null],
    [103, ParcelMilestone.Collected],
    [1001, null],
    [1003, null],
    [2, ParcelMilestone.Problem],
    [204, ParcelMilestone.Problem],
    [14, ParcelMilestone.Problem],
    [3, ParcelMilestone.Delivered],
    [304, ParcelMilestone.Delivered],
    [4, ParcelMilestone.Returned],
    [401, ParcelMilestone.Returned],
    [5, ParcelMilestone.Delivering],
    [501, ParcelMilestone.Delivering],
    [6, ParcelMilestone.Returned],
    [7, null],
    [8, null],
    [11, null],
    [13, null],
    [null, null],
  ])('%s → %s', (state, milestone) => {
    expect(parcelMilestone(state)).toBe(milestone);
  });
});

describe('whether a report is news for the member', () => {
  it.each([
    [null, ParcelMilestone.Collected, true],
    [ParcelMilestone.Collected, ParcelMilestone.Collected, false],
    [ParcelMilestone.Collected, null, false],
    [ParcelMilestone.Collected, ParcelMilestone.Delivering, true],
    [ParcelMilestone.Delivering, ParcelMilestone.Delivering, false],
    [ParcelMilestone.Delivering, ParcelMilestone.Problem, true],
    [ParcelMilestone.Problem, ParcelMilestone.Delivered, true],
  ] as const)('told %s, now %s → %s', (told, next, news) => {
    expect(isParcelNews(told, next)).toBe(news);
  });
});

describe('the states of the tracking service', () => {
  it.each([
    [0, 0],
    [103, 1],
    [1002, 0],
    [209, 2],
    [303, 3],
    [401, 4],
    [501, 5],
    [14, 14],
  ])('%i belongs to %i', (state, main) => {
    expect(mainTrackingState(state)).toBe(main);
  });

  it('ends a parcel signed for or signed back only', () => {
    expect([3, 301, 4, 401].map(isParcelSettled)).toEqual([true, true, true, true]);
    expect([0, 1, 2, 5, 6, 14, null].map(isParcelSettled)).toEqual([
      false,
      false,
      false,
      false,
      false,
      false,
      false,
    ]);
  });

  it('names states in Chinese', () => {
    expect([0, 1, 3, 5, 14, 501, 999, null].map(trackingStateLabel)).toEqual([
      '在途',
      '揽收',
      '签收',
      '派件',
      '拒签',
      '投柜或驿站',
      '未知状态',
      '暂无',
    ]);
  });
});

describe('Kuaidi100 company codes', () => {
  it('suggests the codes of common couriers, whatever the case of the shop’s code', () => {
    expect(['SF', 'sf', ' ZTO ', 'AUPOST', 'TRANSFER'].map(suggestedTrackingCode)).toEqual([
      'shunfeng',
      'shunfeng',
      'zhongtong',
      'auspost',
      '',
    ]);
  });

  it('takes lower-case letters and digits only', () => {
    expect(['shunfeng', 'dhl', 'ems', 'jtexpress'].every((c) => TRACKING_CODE_PATTERN.test(c))).toBe(true);
    expect(['ShunFeng', '顺丰', '', 'a'.repeat(33)].some((c) => TRACKING_CODE_PATTERN.test(c))).toBe(false);
  });
});
