import { type BasicContentTemplate, TemplateName } from '@shop/domain';
import { Card, Col, Form, Input, Row, Spin } from 'antd';
import { useState } from 'react';
import { LoadFailed } from '@/components/load-failed';
import { useTemplate } from '@/features/content/api/content';
import { TemplateActions, TemplateStatus } from '@/features/content/components/template-actions';

const EMPTY_BASIC: BasicContentTemplate = {
  basicInfo: {
    siteName: '',
    slogan: '',
    hotline: '',
    email: '',
    address: '',
    workTime: '',
  },
  helps: [],
  allWrap: [],
  customerAd: [],
};

const required = (message: string) => [{ required: true, whitespace: true, message }];

/**
 * 基础设置 (content.edit): the basic template's shop name and contact details (the header and footer, spec §3
 * 'General state'), as a draft and published. The footer links and top ads of the same template are kept as they
 * are. The bank accounts the recharge page offers for transfers are money settings: owner and finance set them
 * in 汇率与支付.
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
  const start = (data.draft ?? data.published ?? EMPTY_BASIC) as BasicContentTemplate;
  return <SiteSettingsForm key={`${data.draftAt}-${data.publishedAt}`} initial={start} />;
}

function SiteSettingsForm({ initial }: { initial: BasicContentTemplate }) {
  const [form] = Form.useForm<BasicContentTemplate>();
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
      <Form<BasicContentTemplate>
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
      </Form>
    </Card>
  );
}
