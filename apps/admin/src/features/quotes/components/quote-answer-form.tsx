import {
  type AdminQuoteDetail,
  adminQuoteAnswerRequestSchema,
  formatPrice,
  QUOTE_VALID_DAYS_MAX,
} from '@shop/domain';
import { Alert, App, Button, Col, DatePicker, Form, Input, InputNumber, Radio, Row } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { notify } from '@/lib/notify';
import { zodRule } from '@/lib/zod-rule';
import {
  type AnswerMode,
  type AnswerValues,
  amountOf,
  answerBody,
  canDiscount,
  DAY,
  DISCOUNT_RANGE,
  initialAnswer,
  linePrices,
  NO_LIST_PRICE,
  percentOf,
  quoteTotals,
  validRange,
  validUntilProblem,
} from '../answer';
import { useAnswerQuote } from '../api/answer-quote';
import { QuoteLinesTable, QuoteTotals } from './quote-lines';

/** The form's values: AnswerValues with the last day as the date picker holds it. */
type FormValues = Omit<AnswerValues, 'validUntil'> & { validUntil: Dayjs };

const messageSchema = adminQuoteAnswerRequestSchema.shape.message;

const MODE_OPTIONS = (discountable: boolean) => [
  { value: 'lines', label: '逐行报价' },
  { value: 'discount', label: '按参考价折扣', disabled: !discountable },
];

/**
 * 报价 (quote.answer): a unit price per line, prefilled with the price quoted so far or else the list price, or every
 * line at its list price less a share; freight, the last day it holds and a note to the member. The totals follow
 * what is typed. Nothing is sent before staff confirm what they read; an answer over one the member has not seen
 * (a colleague's, a newer version) is refused by the server and the newer one shown.
 */
export function QuoteAnswerForm({ quote }: { quote: AdminQuoteDetail }) {
  const [form] = Form.useForm<FormValues>();
  const { modal } = App.useApp();
  const answer = useAnswerQuote();
  const initial = initialAnswer(quote);
  const discountable = canDiscount(quote.lines);
  const { min, max } = validRange(quote.today);

  const mode: AnswerMode = Form.useWatch('mode', form) ?? initial.mode;
  const typed = Form.useWatch('prices', form) ?? initial.prices;
  const percent = Form.useWatch('discountPercent', form) ?? initial.discountPercent;
  const freight = amountOf(Form.useWatch('freight', form) ?? initial.freight);
  const prices = linePrices(quote.lines, { mode, prices: typed, discountPercent: percent });
  const { goods, total } = quoteTotals(quote.lines, prices, freight);

  const submit = (v: FormValues) => {
    if (answer.isPending) return;
    const checked = answerBody(quote, { ...v, mode, validUntil: v.validUntil.format(DAY) });
    if (!checked.ok) {
      notify.error(checked.problem);
      return;
    }
    const body = checked.body;
    const fmt = (minor: number | null) => (minor === null ? '—' : formatPrice(minor, quote.currency));
    const how =
      body.discountPercent === undefined
        ? `逐行报价 ${quote.lines.length} 个商品`
        : `按参考价减 ${body.discountPercent}%`;
    modal.confirm({
      title: quote.answeredAt ? '确认发送新报价？' : '确认发送报价？',
      content: `${quote.requester}：${how}，商品 ${fmt(goods)} + 运费 ${fmt(freight)}，合计 ${fmt(total)}，有效期至 ${body.validUntil}。发送后会员可在有效期内按此报价下单。`,
      okText: '确认发送',
      cancelText: '返回',
      onOk: () =>
        answer
          .mutateAsync(body)
          .then(() => notify.success('报价已发送'))
          .catch(() => undefined),
    });
  };

  return (
    <Form<FormValues>
      form={form}
      layout="vertical"
      name="quote-answer"
      initialValues={{ ...initial, validUntil: dayjs(initial.validUntil) }}
      onFinish={submit}
    >
      <Form.Item name="mode" label="报价方式">
        <Radio.Group optionType="button" options={MODE_OPTIONS(discountable)} />
      </Form.Item>
      {!discountable ? <Alert type="info" showIcon className="form-alert" title={NO_LIST_PRICE} /> : null}
      {mode === 'discount' ? (
        <Form.Item
          name="discountPercent"
          label="按参考价减（%）"
          extra="每个商品按参考价减去这一比例：填 10 即参考价的 90%（九折）。"
          rules={[
            {
              validator: async (_rule, value: string | null | undefined) => {
                if (value === null || value === undefined || value === '') throw new Error('请填写折扣');
                if (percentOf(value) === null) throw new Error(DISCOUNT_RANGE);
              },
            },
          ]}
        >
          <InputNumber<string> stringMode min="0" max="100" precision={2} style={{ width: 160 }} />
        </Form.Item>
      ) : null}
      <QuoteLinesTable
        lines={quote.lines}
        currency={quote.currency}
        prices={prices}
        priceCell={
          mode === 'lines'
            ? (line, i) => (
                <Form.Item
                  name={['prices', i]}
                  className="quote-price-cell"
                  rules={[
                    {
                      validator: async (_rule, value: string | null | undefined) => {
                        if (value === null || value === undefined || value === '')
                          throw new Error('请填写报价');
                        if (amountOf(value) === null) throw new Error('报价须为最多两位小数的金额');
                      },
                    },
                  ]}
                >
                  <InputNumber<string>
                    aria-label={`报价 ${line.name} ${line.skuName}`}
                    stringMode
                    min="0"
                    precision={2}
                    className="full-width"
                  />
                </Form.Item>
              )
            : undefined
        }
      />
      <Row gutter={16} className="quote-answer-fields">
        <Col xs={24} sm={12}>
          <Form.Item
            name="freight"
            label="运费（元）"
            rules={[
              {
                validator: async (_rule, value: string | null | undefined) => {
                  if (value === null || value === undefined || value === '')
                    throw new Error('请填写运费（没有运费填 0）');
                  if (amountOf(value) === null) throw new Error('运费须为最多两位小数的金额');
                },
              },
            ]}
          >
            <InputNumber<string> stringMode min="0" precision={2} className="full-width" />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item
            name="validUntil"
            label="有效期至"
            extra={`最长 ${QUOTE_VALID_DAYS_MAX} 天（至 ${max}）`}
            rules={[
              {
                validator: async (_rule, value: Dayjs | null | undefined) => {
                  if (!value) throw new Error('请选择有效期');
                  const problem = validUntilProblem(value.format(DAY), quote.today);
                  if (problem) throw new Error(problem);
                },
              },
            ]}
          >
            <DatePicker
              allowClear={false}
              className="full-width"
              disabledDate={(day) => day.format(DAY) < min || day.format(DAY) > max}
            />
          </Form.Item>
        </Col>
      </Row>
      <Form.Item name="message" label="附言（可不填）" rules={[zodRule(messageSchema)]}>
        <Input.TextArea rows={2} maxLength={1000} showCount placeholder="随报价发给会员，如交期、起订量" />
      </Form.Item>
      <QuoteTotals currency={quote.currency} goods={goods} freight={freight} total={total} />
      <Button type="primary" htmlType="submit" loading={answer.isPending}>
        发送报价
      </Button>
    </Form>
  );
}
