import { PlusOutlined } from '@ant-design/icons';
import { SUPPLIER_BLOCKS, type SupplierTemplate, type TemplateName } from '@shop/domain';
import { Button, Card, Form, Input, Select, Space, Spin } from 'antd';
import { type ReactNode, useState } from 'react';
import { LoadFailed } from '@/components/load-failed';
import { useTemplate } from '../api/content';
import { TemplateActions, TemplateStatus } from './template-actions';

const required = [{ required: true, whitespace: true, message: '必填' }];

/** A list of small groups of fields (links, facts, steps), added and removed up to `max`. */
function Rows({
  name,
  title,
  max,
  min = 0,
  empty,
  children,
}: {
  name: (string | number)[];
  title: string;
  max: number;
  min?: number;
  empty: unknown;
  children: (field: number) => ReactNode;
}) {
  return (
    <Form.List name={name}>
      {(fields, { add, remove }) => (
        <div>
          <div className="field-hint">
            {title}（最多 {max} 条）
          </div>
          {fields.map((field, index) => (
            <Space key={field.key} wrap align="start" className="template-item full-width">
              {children(field.name)}
              <Button
                size="small"
                type="link"
                danger
                disabled={fields.length <= min}
                onClick={() => remove(index)}
              >
                删除
              </Button>
            </Space>
          ))}
          {fields.length < max && (
            <Button type="dashed" size="small" icon={<PlusOutlined />} onClick={() => add(empty)}>
              添加
            </Button>
          )}
        </div>
      )}
    </Form.List>
  );
}

/** An item's title and its sentence (a reason to sell with the shop, a step). */
function TitleAndText({ field }: { field: number }) {
  return (
    <>
      <Form.Item label="标题" name={[field, 'title']} rules={required}>
        <Input maxLength={40} />
      </Form.Item>
      <Form.Item label="说明" name={[field, 'text']} rules={required}>
        <Input.TextArea maxLength={200} rows={3} />
      </Form.Item>
    </>
  );
}

/** A section's title and the optional line under it. */
function SectionHeading({ block }: { block: 'Feature0' | 'Feature5' }) {
  return (
    <>
      <Form.Item label="标题" name={[block, 'title']} rules={required}>
        <Input maxLength={60} />
      </Form.Item>
      <Form.Item label="副标题" name={[block, 'subtitle']}>
        <Input.TextArea maxLength={200} rows={3} />
      </Form.Item>
    </>
  );
}

/**
 * One language's supplier landing page (templates supplier / supplierEn, the same schema as the storefront reads)
 * as a form: the bar, the banner, why sell with the shop, how it works and the form's heading.
 */
export function SupplierTemplateForm({ name }: { name: TemplateName }) {
  const template = useTemplate(name);
  const data = template.data;
  if (template.isError)
    return <LoadFailed title="供应商页面加载失败" error={template.error} retry={template.refetch} />;
  if (!data) return <Spin description="正在加载…" />;
  const start = (data.draft ?? data.published ?? undefined) as SupplierTemplate | undefined;
  return <SupplierFields key={`${data.draftAt}-${data.publishedAt}`} name={name} initial={start} />;
}

function SupplierFields({ name, initial }: { name: TemplateName; initial: SupplierTemplate | undefined }) {
  const [form] = Form.useForm<SupplierTemplate>();
  const template = useTemplate(name);
  const [dirty, setDirty] = useState(false);
  const text = (max: number) => <Input maxLength={max} />;
  const para = (max: number) => <Input.TextArea maxLength={max} rows={3} />;
  return (
    <>
      <div className="section-head">
        <TemplateStatus view={template.data} />
        <TemplateActions
          name={name}
          view={template.data}
          dirty={dirty}
          read={async () => {
            await form.validateFields();
            return form.getFieldsValue(true);
          }}
        />
      </div>
      <Form<SupplierTemplate>
        form={form}
        name={name}
        layout="vertical"
        initialValues={initial}
        onValuesChange={() => setDirty(true)}
      >
        <Card size="small" type="inner" title="导航栏（Nav0）">
          <Form.Item label="名称" name={['Nav0', 'title']} rules={required}>
            {text(40)}
          </Form.Item>
          <Form.Item label="按钮" name={['Nav0', 'cta']} rules={required}>
            {text(20)}
          </Form.Item>
          <Rows name={['Nav0', 'links']} title="页内链接" max={6} empty={{ label: '', anchor: 'apply' }}>
            {(field) => (
              <>
                <Form.Item label="文字" name={[field, 'label']} rules={required}>
                  {text(20)}
                </Form.Item>
                <Form.Item label="跳到" name={[field, 'anchor']} rules={required}>
                  <Select
                    style={{ width: 130 }}
                    options={[...SUPPLIER_BLOCKS, 'apply'].map((value) => ({ value }))}
                  />
                </Form.Item>
              </>
            )}
          </Rows>
        </Card>
        <Card size="small" type="inner" title="横幅（Banner1）">
          <Form.Item label="标题" name={['Banner1', 'title']} rules={required}>
            {text(60)}
          </Form.Item>
          <Form.Item label="副标题" name={['Banner1', 'subtitle']} rules={required}>
            {para(300)}
          </Form.Item>
          <Form.Item label="按钮" name={['Banner1', 'cta']} rules={required}>
            {text(20)}
          </Form.Item>
          <Rows name={['Banner1', 'highlights']} title="要点" max={4} empty="">
            {(field) => (
              <Form.Item name={field} rules={required}>
                {text(40)}
              </Form.Item>
            )}
          </Rows>
        </Card>
        <Card size="small" type="inner" title="优势（Feature0）">
          <SectionHeading block="Feature0" />
          <Rows
            name={['Feature0', 'items']}
            title="优势"
            min={1}
            max={6}
            empty={{ figure: '', title: '', text: '' }}
          >
            {(field) => (
              <>
                <Form.Item label="数字" name={[field, 'figure']} rules={required}>
                  {text(12)}
                </Form.Item>
                <TitleAndText field={field} />
              </>
            )}
          </Rows>
        </Card>
        <Card size="small" type="inner" title="合作流程（Feature5）">
          <SectionHeading block="Feature5" />
          <Rows name={['Feature5', 'steps']} title="步骤" min={1} max={6} empty={{ title: '', text: '' }}>
            {(field) => (
              <>
                <TitleAndText field={field} />
              </>
            )}
          </Rows>
        </Card>
        <Card size="small" type="inner" title="申请表">
          <Form.Item label="标题" name={['apply', 'title']} rules={required}>
            {text(40)}
          </Form.Item>
          <Form.Item label="说明" name={['apply', 'intro']} rules={required}>
            {para(300)}
          </Form.Item>
        </Card>
      </Form>
    </>
  );
}
