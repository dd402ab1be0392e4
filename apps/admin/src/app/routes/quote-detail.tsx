import { ArrowLeftOutlined } from '@ant-design/icons';
import { CURRENCY_LABELS, Permission, type QuoteState, toMinor } from '@shop/domain';
import { Alert, Button, Card, Col, Descriptions, Result, Row, Space, Typography } from 'antd';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { LoadFailed } from '@/components/load-failed';
import { isOpen } from '@/features/quotes/answer';
import { useQuote } from '@/features/quotes/api/get-quote';
import { CloseQuoteDialog } from '@/features/quotes/components/close-quote-dialog';
import { AwaitingTag, QuoteStateTag } from '@/features/quotes/components/labels';
import { QuoteAnswerForm } from '@/features/quotes/components/quote-answer-form';
import { QuoteLinesTable, QuoteTotals } from '@/features/quotes/components/quote-lines';
import { QuoteMessageForm } from '@/features/quotes/components/quote-message-form';
import { QuoteThread } from '@/features/quotes/components/quote-thread';
import { formatTime } from '@/lib/date';
import { paths } from '@/lib/paths';
import { PageLoading } from '../page-loading';
import { useCan } from '../session-context';

const minorOf = (major: number | null) => (major === null ? null : toMinor(major));

/** Why a quote is read only, in the sentence under its lines. */
const DONE_WORDS: Partial<Record<QuoteState, string>> = {
  accepted: '已下单',
  withdrawn: '已被会员撤回',
  closed: '已关闭',
};

/**
 * One quote (quote.answer, the page's): its lines priced on the left, the thread with the member on the right.
 * While asked or answered (also expired: a new answer renews it) staff price it again, message the member or close
 * it; once accepted, withdrawn or closed it is read only, an accepted one linking to its order.
 */
export default function QuoteDetailPage() {
  const id = Number(useParams().id);
  const valid = Number.isInteger(id) && id > 0;
  const quote = useQuote(valid ? id : 0);
  const canOrders = useCan(Permission.orderRead);
  const canMembers = useCan(Permission.memberRead);
  const [closing, setClosing] = useState(false);
  const back = (
    <Link to={paths.page('quotes')}>
      <Button icon={<ArrowLeftOutlined />}>返回询价列表</Button>
    </Link>
  );

  if (!valid) return <Result status="404" title="询价不存在" extra={back} />;
  if (quote.isError) return <LoadFailed title="询价加载失败" error={quote.error} retry={quote.refetch} />;
  if (!quote.data) return <PageLoading />;
  const q = quote.data;
  const open = isOpen(q.state);

  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} xl={16}>
        <Card
          title={
            <Space wrap>
              <span>询价 {q.quoteNo}</span>
              <QuoteStateTag state={q.state} />
              {q.awaitingStaff && open ? <AwaitingTag /> : null}
            </Space>
          }
          extra={
            <Space wrap>
              {open ? (
                <Button danger onClick={() => setClosing(true)}>
                  关闭询价
                </Button>
              ) : null}
              {back}
            </Space>
          }
        >
          <Descriptions
            size="small"
            column={{ xs: 1, md: 3 }}
            className="form-alert"
            items={[
              {
                key: 'requester',
                label: '会员',
                children: canMembers ? (
                  <Link to={`${paths.page('members')}/${q.memberId}`}>{q.requester}</Link>
                ) : (
                  q.requester
                ),
              },
              { key: 'company', label: '公司', children: q.companyName ?? '—' },
              { key: 'currency', label: '币种', children: `${CURRENCY_LABELS[q.currency]} ${q.currency}` },
              { key: 'createdAt', label: '提交时间', children: formatTime(q.createdAt) },
              { key: 'answeredAt', label: '报价时间', children: formatTime(q.answeredAt) },
              { key: 'validUntil', label: '有效期至', children: q.validUntil ?? '—' },
              ...(q.orderNo
                ? [
                    {
                      key: 'order',
                      label: '订单',
                      children: canOrders ? <Link to={paths.order(q.orderNo)}>{q.orderNo}</Link> : q.orderNo,
                    },
                  ]
                : []),
              { key: 'note', label: '会员备注', span: 'filled' as const, children: q.note || '—' },
            ]}
          />
          {q.state === 'expired' ? (
            <Alert
              type="warning"
              showIcon
              className="form-alert"
              title={`报价已于 ${q.validUntil} 过期，会员不能再按它下单；发送新报价即可续期。`}
            />
          ) : null}
          {open ? (
            // A new version (this answer's, or a colleague's) starts the form again from the prices it holds.
            <QuoteAnswerForm key={`${q.id}-${q.version}`} quote={q} />
          ) : (
            <>
              <QuoteLinesTable
                lines={q.lines}
                currency={q.currency}
                prices={q.lines.map((l) => minorOf(l.price))}
              />
              <QuoteTotals
                currency={q.currency}
                goods={minorOf(q.goods)}
                freight={minorOf(q.freight)}
                total={minorOf(q.total)}
              />
              <Typography.Text type="secondary">
                该询价{DONE_WORDS[q.state]}，不能再报价或回复。
              </Typography.Text>
            </>
          )}
        </Card>
      </Col>
      <Col xs={24} xl={8}>
        <Card title="沟通记录">
          <QuoteThread messages={q.messages} />
          {open ? (
            <div style={{ marginTop: 16 }}>
              <QuoteMessageForm quoteId={q.id} />
            </div>
          ) : null}
        </Card>
      </Col>
      {closing && <CloseQuoteDialog quote={q} onClose={() => setClosing(false)} />}
    </Row>
  );
}
