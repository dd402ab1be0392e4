import { type Member, profileFieldsSchema, type UpdateProfileRequest } from '@shop/domain';
import { Button, Form, Input } from 'antd';
import { QueryView } from '@/components/query-view';
import { Skeleton } from '@/components/skeleton';
import { zodRule } from '@/lib/zod-rule';
import { useCurrentMember } from '../api/get-current-member';
import { useUpdateProfile } from '../api/update-profile';

/**
 * The e-mail address is not here: current/ shows it masked, and it is set by proving it with a code (联系方式与验证,
 * #31); the profile call leaves it as it is when the field is absent.
 */
type ProfileValues = Required<Omit<UpdateProfileRequest, 'email'>>;

const FIELDS: readonly {
  name: keyof ProfileValues;
  label: string;
  autoComplete: string;
  extra?: string;
}[] = [
  { name: 'name', label: '姓名', autoComplete: 'name' },
  {
    name: 'mobile',
    label: '手机号',
    autoComplete: 'tel',
    extra: '便于客服联系；短信登录和短信通知使用下方“联系方式与验证”中验证的手机号',
  },
  {
    name: 'company',
    label: '公司名称',
    autoComplete: 'organization',
    extra: '税务发票和发票申请的买方名称默认使用此名称',
  },
  {
    name: 'abn',
    label: 'ABN（澳大利亚商业号码）',
    autoComplete: 'off',
    extra: '11位数字，可含空格；澳币订单的税务发票上显示',
  },
  {
    name: 'taxNo',
    label: '纳税人识别号（税号）',
    autoComplete: 'off',
    extra: '15、18或20位；申请增值税发票时自动填入',
  },
  // A contact handle for the shop's staff; signing in with the chat app is a binding on /member/security.
  {
    name: 'wechat',
    label: '微信号',
    autoComplete: 'off',
    extra: '便于客服联系；微信扫码登录请在“账户安全”中绑定',
  },
];

function profileOf(member: Member): ProfileValues {
  return {
    name: member.name,
    mobile: member.mobile,
    company: member.company,
    wechat: member.wechat,
    abn: member.abn,
    taxNo: member.taxNo,
  };
}

/** Profile settings (spec §7 current/ and update/). */
export function ProfileForm() {
  return (
    <QueryView query={useCurrentMember()} loading={<Skeleton lines={5} />}>
      {/* Keyed by member data so the form starts from what the server holds after each save. */}
      {(member) => <ProfileFormFields key={member.id} member={member} />}
    </QueryView>
  );
}

function ProfileFormFields({ member }: { member: Member }) {
  const update = useUpdateProfile();
  return (
    <Form<ProfileValues>
      layout="vertical"
      className="narrow-form"
      initialValues={profileOf(member)}
      onFinish={(values) =>
        update.mutate({
          name: values.name.trim(),
          mobile: values.mobile.trim(),
          company: values.company.trim(),
          wechat: values.wechat.trim(),
          abn: values.abn.trim(),
          taxNo: values.taxNo.trim().toUpperCase(),
        })
      }
    >
      <Form.Item label="用户名">
        <Input value={member.username} disabled />
      </Form.Item>
      {FIELDS.map((field) => (
        <Form.Item
          key={field.name}
          name={field.name}
          label={field.label}
          extra={field.extra}
          rules={[zodRule(profileFieldsSchema.shape[field.name])]}
        >
          <Input placeholder={field.label} autoComplete={field.autoComplete} />
        </Form.Item>
      ))}
      <Button type="primary" htmlType="submit" loading={update.isPending}>
        保存资料
      </Button>
    </Form>
  );
}
