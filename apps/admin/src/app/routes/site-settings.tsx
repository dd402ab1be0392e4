import { PlusOutlined } from '@ant-design/icons';
import { type BasicTemplate, TemplateName } from '@shop/domain';
import { Button, Card, Col, Form, Input, Row, Select, Space, Spin } from 'antd';
import { useState } from 'react';
import { LoadFailed } from '@/components/load-failed';
import { useTemplate } from '@/features/content/api/content';
import { TemplateActions, TemplateStatus } from '@/features/content/components/template-actions';

const EMPTY_BASIC: BasicTemplate = {
  basicInfo: {
    siteName: '',
    slogan: '',
    hotline: '',
    email: '',
    address: '',
    workTime: '',
    bankAccounts: [],
  },
  helps: [],
  allWrap: [],
  customerAd: [],
};

const required = (message: string) => [{ required: true, whitespace: true, message }];

/**
 * 基础设置 (content.edit): the basic template's shop name and contact details (the header and footer, spec §3
 * 'General state') and the bank accounts the recharge page offers for transfers, as a draft and published.
 * The footer links and top ads of the same template are kept as they are.
 */
export default function SiteSettingsPage() {
  const template = useTemplate(TemplateName.basic);
  const data = template.data;
  if (template.isError)
    return <LoadFailed title="基础设置加载失败" error={template.error} retry={template.refetch} />;
  if (!data)
    return (
      <Card title="基础设置">
        <Spin description="正在加载基础设置…" />
      </Card>
    );
  const start = (data.draft ?? data.published ?? EMPTY_BASIC) as BasicTemplate;
  return <SiteSettingsForm key={`${data.draftAt}-${data.publishedAt}`} initial={start} />;
}

function SiteSettingsForm({ initial }: { initial: BasicTemplate }) {
  const [form] = Form.useForm<BasicTemplate>();
  const template = useTemplate(TemplateName.basic);
  const [dirty, setDirty] = useState(false);
  return (
    <Card
      title="基础设置"
      extra={
        <TemplateActions
          name={TemplateName.basic}
          view={template.data}
          dirty={dirty}
          read={async () => {
            await form.validateFields();
            return form.getFieldsValue(true);
          }}
        />
      }
    >
      <TemplateStatus view={template.data} />
      <Form<BasicTemplate>
        form={form}
        name="basic"
        layout="vertical"
        initialValues={initial}
        onValuesChange={() => setDirty(true)}
      >
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <Form.Item label="商城名称" name={['basicInfo', 'siteName']} rules={required('请输入商城名称')}>
              <Input maxLength={60} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item label="标语" name={['basicInfo', 'slogan']}>
              <Input maxLength={100} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item label="客服电话" name={['basicInfo', 'hotline']}>
              <Input maxLength={40} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item
              label="邮箱"
              name={['basicInfo', 'email']}
              rules={[{ type: 'email', message: '邮箱格式不正确' }]}
            >
              <Input maxLength={100} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item label="地址" name={['basicInfo', 'address']}>
              <Input maxLength={200} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item label="服务时间" name={['basicInfo', 'workTime']}>
              <Input maxLength={100} />
            </Form.Item>
          </Col>
        </Row>
        <Form.List name={['basicInfo', 'bankAccounts']}>
          {(fields, { add, remove }) => (
            <Card size="small" title="转账充值的收款账户" type="inner">
              {fields.length === 0 && <div className="field-hint">没有收款账户：充值页请顾客联系客服</div>}
              {fields.map((field, index) => (
                <div key={field.key} className="template-item">
                  <div className="section-head">
                    <span>账户 {index + 1}</span>
                    <Button size="small" type="link" danger onClick={() => remove(index)}>
                      删除
                    </Button>
                  </div>
                  <Space wrap align="start">
                    <Form.Item
                      label="币种"
                      name={[field.name, 'currency']}
                      rules={[{ required: true, message: '请选择币种' }]}
                    >
                      <Select style={{ width: 100 }} options={[{ value: 'CNY' }, { value: 'AUD' }]} />
                    </Form.Item>
                    <Form.Item label="银行" name={[field.name, 'bankName']} rules={required('请输入银行')}>
                      <Input maxLength={100} />
                    </Form.Item>
                    <Form.Item label="户名" name={[field.name, 'accountName']} rules={required('请输入户名')}>
                      <Input maxLength={100} />
                    </Form.Item>
                    <Form.Item label="账号" name={[field.name, 'accountNo']} rules={required('请输入账号')}>
                      <Input maxLength={64} />
                    </Form.Item>
                    <Form.Item label="开户行 / BSB" name={[field.name, 'branch']}>
                      <Input maxLength={100} />
                    </Form.Item>
                    <Form.Item label="SWIFT" name={[field.name, 'swift']}>
                      <Input maxLength={20} />
                    </Form.Item>
                  </Space>
                </div>
              ))}
              {fields.length < 10 && (
                <Button type="dashed" block icon={<PlusOutlined />} onClick={() => add({ currency: 'CNY' })}>
                  添加收款账户
                </Button>
              )}
            </Card>
          )}
        </Form.List>
      </Form>
    </Card>
  );
}
