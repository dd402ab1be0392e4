import { type CompanyLimits, type CompanyMember, type CompanyRole, NO_COMPANY_LIMITS } from '@shop/domain';
import { Form, InputNumber, Modal, Select } from 'antd';
import { useSetCompanyMember } from '../api/company-calls';
import { ROLE_OPTIONS } from './invite-form';

interface SettingsValues {
  role: CompanyRole;
  audPerOrder: number | null;
  audPerMonth: number | null;
  cnyPerOrder: number | null;
  cnyPerMonth: number | null;
}

const LIMIT_FIELDS = [
  { name: 'audPerOrder', label: '澳币 单笔额度', prefix: '$' },
  { name: 'audPerMonth', label: '澳币 每月额度', prefix: '$' },
  { name: 'cnyPerOrder', label: '人民币 单笔额度', prefix: '¥' },
  { name: 'cnyPerMonth', label: '人民币 每月额度', prefix: '¥' },
] as const;

function valuesOf(member: CompanyMember): SettingsValues {
  const limits = member.limits ?? NO_COMPANY_LIMITS;
  return {
    role: member.role,
    audPerOrder: limits.aud.perOrder,
    audPerMonth: limits.aud.perMonth,
    cnyPerOrder: limits.cny.perOrder,
    cnyPerMonth: limits.cny.perMonth,
  };
}

function limitsOf(values: SettingsValues): CompanyLimits {
  return {
    aud: { perOrder: values.audPerOrder ?? null, perMonth: values.audPerMonth ?? null },
    cny: { perOrder: values.cnyPerOrder ?? null, perMonth: values.cnyPerMonth ?? null },
  };
}

/** An admin sets a member's role and, for a buyer, the limits per order and per month in each currency. */
export function MemberSettingsModal({ member, onClose }: { member: CompanyMember; onClose: () => void }) {
  const save = useSetCompanyMember();
  const [form] = Form.useForm<SettingsValues>();
  const role = Form.useWatch('role', form) ?? member.role;
  return (
    <Modal
      open
      title={`成员设置：${member.name || member.username}`}
      okText="保存"
      cancelText="取消"
      onOk={() => form.submit()}
      onCancel={onClose}
      confirmLoading={save.isPending}
      destroyOnHidden
    >
      <Form<SettingsValues>
        form={form}
        layout="vertical"
        name="company-member"
        initialValues={valuesOf(member)}
        onFinish={(values) =>
          save.mutate(
            {
              memberId: member.memberId,
              role: values.role,
              ...(values.role === 'buyer' ? { limits: limitsOf(values) } : {}),
            },
            { onSuccess: onClose },
          )
        }
      >
        <Form.Item name="role" label="角色">
          <Select options={ROLE_OPTIONS} aria-label="角色" />
        </Form.Item>
        {role === 'buyer' && (
          <>
            <p className="muted">每种币种的单笔与每月额度，留空为不限。</p>
            <div className="company-limit-grid">
              {LIMIT_FIELDS.map((field) => (
                <Form.Item key={field.name} name={field.name} label={field.label}>
                  <InputNumber
                    min={0.01}
                    max={100_000_000}
                    precision={2}
                    prefix={field.prefix}
                    placeholder="不限"
                    aria-label={field.label}
                    style={{ width: '100%' }}
                  />
                </Form.Item>
              ))}
            </div>
          </>
        )}
      </Form>
    </Modal>
  );
}
