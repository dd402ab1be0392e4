import { describe, expect, it } from 'vitest';
import { SYDNEY_PICKUP } from '../src/seed/data/pickup';
import { useOperatorCli } from './support/cli';

const { shop } = useOperatorCli('shop-warehouse-cli-');

const lineOf = (stdout: string, code: string) =>
  stdout.split('\n').find((line) => line.startsWith(`${code.padEnd(3)} `)) ?? '';

describe('operator CLI: warehouses and their pickup points', () => {
  it('lists the nine warehouses, the Sydney desk open, the others shipping only', async () => {
    const list = await shop('warehouse:list');
    expect(list.status, list.stderr).toBe(0);
    expect(list.stdout.trim().split('\n')).toHaveLength(9);
    expect(lineOf(list.stdout, 'AU')).toContain(SYDNEY_PICKUP.address);
    expect(lineOf(list.stdout, 'AU')).toContain(SYDNEY_PICKUP.hours);
    expect(lineOf(list.stdout, 'CN')).toContain('不可自提');
    expect(lineOf(list.stdout, 'Mix')).toContain('不可自提');
  });

  it('opens a desk with address, hours and phone, changes it, and closes it with --off', async () => {
    const set = await shop(
      'warehouse:pickup',
      '--warehouse',
      'cn',
      '--address',
      '深圳市南山区前海保税区 1 号仓',
      '--hours',
      '周一至周五 9:00-18:00',
      '--phone',
      '0755-8888 0000',
    );
    expect(set.status, set.stderr).toBe(0);
    expect(set.stdout).toContain('已开放自提');
    let list = await shop('warehouse:list');
    expect(lineOf(list.stdout, 'CN')).toContain(
      '深圳市南山区前海保税区 1 号仓（周一至周五 9:00-18:00，电话 0755-8888 0000）',
    );

    const off = await shop('warehouse:pickup', '--warehouse', 'CN', '--off');
    expect(off.status, off.stderr).toBe(0);
    expect(off.stdout).toContain('已关闭自提');
    list = await shop('warehouse:list');
    expect(lineOf(list.stdout, 'CN')).toContain('不可自提');
    expect(lineOf(list.stdout, 'AU')).toContain(SYDNEY_PICKUP.address);

    // Reopened by id, with new hours and no phone.
    const again = await shop(
      'warehouse:pickup',
      '--warehouse',
      '2',
      '--address',
      '深圳市南山区前海保税区 2 号仓',
      '--hours',
      '每天 10:00-16:00',
    );
    expect(again.status, again.stderr).toBe(0);
    list = await shop('warehouse:list');
    expect(lineOf(list.stdout, 'CN')).toContain('深圳市南山区前海保税区 2 号仓（每天 10:00-16:00）');
    await shop('warehouse:pickup', '--warehouse', 'CN', '--off');
  });

  it('refuses an unknown warehouse, a missing address or hours, and --off with an address', async () => {
    const unknown = await shop('warehouse:pickup', '--warehouse', 'XX', '--off');
    expect(unknown.status).toBe(2);
    expect(unknown.stderr).toContain('--warehouse');
    const noHours = await shop('warehouse:pickup', '--warehouse', 'NZ', '--address', '1 Queen St, Auckland');
    expect(noHours.status).toBe(2);
    expect(noHours.stderr).toContain('营业时间');
    const noAddress = await shop('warehouse:pickup', '--warehouse', 'NZ', '--hours', '9-5');
    expect(noAddress.status).toBe(2);
    expect(noAddress.stderr).toContain('自提地址');
    const both = await shop('warehouse:pickup', '--warehouse', 'NZ', '--off', '--address', 'x');
    expect(both.status).toBe(2);
    const tooLong = await shop(
      'warehouse:pickup',
      '--warehouse',
      'NZ',
      '--address',
      'x'.repeat(201),
      '--hours',
      '9-5',
    );
    expect(tooLong.status).toBe(1);
    expect(tooLong.stderr).toContain('自提地址最多200个字符');
    const list = await shop('warehouse:list');
    expect(lineOf(list.stdout, 'NZ')).toContain('不可自提');
  });
});
