import type { Member } from '@shop/domain';
import { CURRENCY_LABELS, Currency } from '@shop/domain';
import { Link } from 'react-router';
import { QueryView } from '@/components/query-view';
import { Skeleton } from '@/components/skeleton';
import { formatMajorPrice } from '@/lib/money';
import { paths } from '@/lib/paths';
import { useCurrentMember } from '../api/get-current-member';

/** Member home: who is logged in and the two deposit balances (spec §3 'User'). */
export function MemberOverview() {
  return (
    <QueryView query={useCurrentMember()} loading={<Skeleton lines={4} />}>
      {(member) => <Overview member={member} />}
    </QueryView>
  );
}

function Overview({ member }: { member: Member }) {
  return (
    <div className="member-overview">
      <section className="panel member-card">
        <div className="member-avatar" aria-hidden="true">
          {(member.name || member.username).slice(0, 1).toUpperCase()}
        </div>
        <div>
          <h2 className="member-name">{member.name || member.username}</h2>
          <p className="muted">
            用户名：{member.username}
            <span className="member-level">会员等级 {member.level}</span>
          </p>
        </div>
      </section>
      <section className="balance-grid" aria-label="账户余额">
        <div className="panel balance">
          <span className="muted">{CURRENCY_LABELS.CNY}余额</span>
          <strong className="balance-amount">{formatMajorPrice(member.cnyDeposit, Currency.CNY)}</strong>
        </div>
        <div className="panel balance">
          <span className="muted">{CURRENCY_LABELS.AUD}余额</span>
          <strong className="balance-amount">{formatMajorPrice(member.audDeposit, Currency.AUD)}</strong>
        </div>
        <div className="balance-links">
          <Link to={paths.member.deposit()} className="btn">
            余额明细
          </Link>
          <Link to={paths.member.recharge()} className="btn btn-primary">
            充值
          </Link>
        </div>
      </section>
      <section className="panel quick-links" aria-label="账户设置">
        <Link to={paths.member.settings()} className="quick-link">
          <strong>个人资料</strong>
          <span className="muted">姓名、手机、邮箱、公司与微信</span>
        </Link>
        <Link to={paths.member.security()} className="quick-link">
          <strong>账户安全</strong>
          <span className="muted">修改登录密码</span>
        </Link>
      </section>
    </div>
  );
}
