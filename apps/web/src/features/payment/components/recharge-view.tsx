import {
  type BankAccount,
  CURRENCIES,
  CURRENCY_LABELS,
  type Currency,
  currencySymbol,
  type PaymentConfig,
  PaymentKind,
  type PayStart,
} from '@shop/domain';
import { Button, Form, Input, Radio, Tabs } from 'antd';
import { type ReactNode, useState } from 'react';
import { EmptyState } from '@/components/empty-state';
import { type QueryState, QueryView } from '@/components/query-view';
import { Skeleton } from '@/components/skeleton';
import { notify } from '@/lib/notify';
import { usePageCurrency } from '@/lib/page-currency';
import { useBankTransfer } from '../api/bank-transfer';
import { usePaymentConfigs } from '../api/get-payment-configs';
import { useUploadRechargeSlip } from '../api/recharge-slip';
import { rechargeAmountError } from '../recharge-amount';
import { useLeavingFor } from '../use-leaving-for';
import { useStartRecharge } from '../use-start-payment';
import { PayQrPanel } from './pay-qr-panel';
import { RechargeList } from './recharge-list';
import { SlipPicker } from './recharge-slip';
import '../payment.css';

interface RechargeValues {
  currency: Currency;
  money: string;
  reference: string;
  note: string;
}

/** What the shop tells when it lists no account in the chosen currency: ask customer service. */
export const BANK_TRANSFER_NOTICE = '请向客服索取收款账户，转账后在此登记';

/** The read that holds the shop's bank accounts (the basic template's, set by template:put). */
export type ShopBankAccounts = QueryState<{
  basicInfo: { bankAccounts?: readonly BankAccount[] | undefined };
}>;

/**
 * The shop's accounts in the chosen currency, each with a button that copies the account number; without
 * any, the notice to ask customer service.
 */
function BankAccounts({ currency, bank }: { currency: Currency; bank: ShopBankAccounts }) {
  const inCurrency = (data: NonNullable<ShopBankAccounts['data']>) =>
    (data.basicInfo.bankAccounts ?? []).filter((a) => a.currency === currency);
  return (
    <QueryView
      query={bank}
      compact
      loading={<Skeleton lines={3} title={false} />}
      isEmpty={(data) => inCurrency(data).length === 0}
      empty={<p className="bank-transfer-notice">{BANK_TRANSFER_NOTICE}</p>}
    >
      {(data) => <AccountList currency={currency} accounts={inCurrency(data)} />}
    </QueryView>
  );
}

function AccountList({ currency, accounts }: { currency: Currency; accounts: readonly BankAccount[] }) {
  const copy = (accountNo: string) => {
    const digits = accountNo.replace(/\s/g, '');
    navigator.clipboard?.writeText(digits).then(
      () => notify.success('账号已复制'),
      () => notify.error('无法复制，请手动抄写账号'),
    );
  };
  return (
    <div className="bank-accounts">
      <p className="bank-transfer-notice">
        请转账至以下{CURRENCY_LABELS[currency]}账户，转账后在此登记付款人或流水号，核对到账后计入余额。
      </p>
      {accounts.map((account) => (
        <dl
          key={`${account.bankName}-${account.accountNo}`}
          className="bank-account"
          aria-label={`收款账户 ${account.bankName}`}
        >
          <dt>开户银行</dt>
          <dd>
            {account.bankName}
            {account.branch ? ` · ${account.branch}` : ''}
          </dd>
          <dt>户名</dt>
          <dd>{account.accountName}</dd>
          <dt>账号</dt>
          <dd className="bank-account-no">
            <span>{account.accountNo}</span>
            <button type="button" className="link-button" onClick={() => copy(account.accountNo)}>
              复制
            </button>
          </dd>
          {account.swift && (
            <>
              <dt>SWIFT</dt>
              <dd>{account.swift}</dd>
            </>
          )}
        </dl>
      ))}
    </div>
  );
}

const REFERENCE_MAX = 100;
const NOTE_MAX = 200;

/** The online methods that recharge in the chosen currency. */
function OnlineMethods({
  currency,
  busyId,
  onRecharge,
}: {
  currency: Currency;
  busyId: number | null;
  onRecharge: (method: PaymentConfig) => void;
}) {
  const forRecharge = (configs: readonly PaymentConfig[]) =>
    configs.filter((m) => m.forRecharge && m.kind !== PaymentKind.Deposit && m.currency === currency);
  return (
    <QueryView
      query={usePaymentConfigs()}
      loading={<Skeleton lines={2} title={false} />}
      isEmpty={(configs) => forRecharge(configs).length === 0}
      empty={
        <EmptyState
          title={`暂无${CURRENCY_LABELS[currency]}在线充值方式`}
          description="可以切换币种，或使用银行转账充值。"
        />
      }
    >
      {(configs) => (
        <ul className="pay-methods">
          {forRecharge(configs).map((method) => (
            <li key={method.id} className="pay-method" aria-label={method.name}>
              <div className="pay-method-info">
                <strong className="pay-method-name">{method.name}</strong>
                {method.description && <span className="muted">{method.description}</span>}
              </div>
              <Button
                type="primary"
                className="pay-method-button"
                loading={busyId === method.id}
                disabled={busyId !== null && busyId !== method.id}
                onClick={() => onRecharge(method)}
              >
                去充值
              </Button>
            </li>
          ))}
        </ul>
      )}
    </QueryView>
  );
}

/**
 * /member/recharge (spec §2): the currency and the amount, then either an online recharge through a supay
 * channel (supayParam/ with type recharge; the channel brings the shopper back to /member/deposit) or a bank
 * transfer registered for the operator to review; below, the member's recharges with their status.
 */
export function RechargeView({ bankAccounts }: { bankAccounts: ShopBankAccounts }) {
  const pageCurrency = usePageCurrency((s) => s.currency);
  const [form] = Form.useForm<RechargeValues>();
  const currency = Form.useWatch('currency', form) ?? pageCurrency;
  const startRecharge = useStartRecharge();
  const bankTransfer = useBankTransfer();
  const uploadSlip = useUploadRechargeSlip();
  const [slip, setSlip] = useState<File | null>(null);
  const [leavingFor, setLeavingFor] = useLeavingFor();
  // A QR cashier (WeChat Pay Native) shown here while the page waits for the recharge to be paid.
  const [qr, setQr] = useState<PayStart | null>(null);
  const busyId = startRecharge.isPending ? (startRecharge.variables?.method.id ?? null) : leavingFor;

  const recharge = async (method: PaymentConfig) => {
    let money: string;
    try {
      ({ money } = await form.validateFields(['money']));
    } catch {
      return;
    }
    startRecharge.mutate(
      { method, money: Number(money.trim()) },
      { onSuccess: (start) => (start ? setQr(start) : setLeavingFor(method.id)) },
    );
  };

  const registerTransfer = async () => {
    let values: RechargeValues;
    try {
      values = await form.validateFields(['currency', 'money', 'reference', 'note']);
    } catch {
      return;
    }
    bankTransfer.mutate(
      {
        currency: values.currency,
        money: Number(values.money.trim()),
        reference: values.reference.trim(),
        note: (values.note ?? '').trim(),
      },
      {
        onSuccess: (made) => {
          form.resetFields(['money', 'reference', 'note']);
          const picked = slip;
          setSlip(null);
          if (!picked) {
            notify.success('已提交，等待审核');
            return;
          }
          // The registration stands whatever happens to the slip; a failed upload can be retried from the list.
          uploadSlip.mutate(
            { rechargeNo: made.rechargeNo, file: picked },
            {
              onSuccess: () => notify.success('已提交，转账凭证已上传，等待审核'),
              onError: () => notify.warn('转账登记已提交；凭证未上传，可在充值记录中重新上传'),
            },
          );
        },
      },
    );
  };

  const online: ReactNode = <OnlineMethods currency={currency} busyId={busyId} onRecharge={recharge} />;
  const bank: ReactNode = (
    <div className="bank-transfer">
      <BankAccounts currency={currency} bank={bankAccounts} />
      <Form.Item
        name="reference"
        label="付款人或转账流水号"
        rules={[
          {
            validator: async (_rule, value: string | undefined) => {
              const text = (value ?? '').trim();
              if (text === '') throw new Error('请填写付款人或转账流水号');
              if (text.length < 2) throw new Error('付款人或流水号至少2个字符');
              if (text.length > REFERENCE_MAX) throw new Error(`付款人或流水号最多${REFERENCE_MAX}个字符`);
            },
          },
        ]}
      >
        <Input placeholder="转账时的付款人姓名或银行流水号" maxLength={REFERENCE_MAX} />
      </Form.Item>
      <Form.Item name="note" label="备注" rules={[{ max: NOTE_MAX, message: `备注最多${NOTE_MAX}个字符` }]}>
        <Input.TextArea placeholder="选填，如转账日期、银行名称" rows={2} maxLength={NOTE_MAX} />
      </Form.Item>
      <Form.Item label="转账凭证">
        <SlipPicker file={slip} onChange={setSlip} />
      </Form.Item>
      <Button
        type="primary"
        loading={bankTransfer.isPending || uploadSlip.isPending}
        onClick={() => void registerTransfer()}
      >
        提交转账登记
      </Button>
    </div>
  );

  if (qr)
    return (
      <div className="recharge-page">
        <PayQrPanel start={qr} orderId={null} onClose={() => setQr(null)} />
      </div>
    );

  return (
    <div className="recharge-page">
      <Form
        form={form}
        layout="vertical"
        requiredMark={false}
        className="panel recharge-form"
        initialValues={{ currency: pageCurrency, money: '', reference: '', note: '' }}
      >
        <Form.Item name="currency" label="充值币种">
          <Radio.Group
            optionType="button"
            buttonStyle="solid"
            options={CURRENCIES.map((c) => ({ value: c, label: `${CURRENCY_LABELS[c]} ${c}` }))}
          />
        </Form.Item>
        <Form.Item
          name="money"
          label="充值金额"
          rules={[
            {
              validator: async (_rule, value: string | undefined) => {
                const error = rechargeAmountError(value);
                if (error) throw new Error(error);
              },
            },
          ]}
        >
          <Input
            className="recharge-amount"
            inputMode="decimal"
            autoComplete="off"
            prefix={currencySymbol(currency)}
            placeholder="请输入充值金额"
          />
        </Form.Item>
        <Tabs
          items={[
            { key: 'online', label: '在线充值', children: online },
            { key: 'bank', label: '银行转账', children: bank },
          ]}
        />
      </Form>
      <RechargeList />
    </div>
  );
}
