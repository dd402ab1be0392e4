import { TemplateName } from '@shop/domain';
import { Card, Tabs } from 'antd';
import { SupplierTemplateForm } from '@/features/content/components/supplier-template-form';

/** 供应商页面 (content.edit): the supplier area's landing page in Chinese and in English. */
export default function SupplierPageEditor() {
  return (
    <Card title="供应商页面">
      <Tabs
        destroyOnHidden={false}
        items={[
          { key: 'zh', label: '中文', children: <SupplierTemplateForm name={TemplateName.supplier} /> },
          { key: 'en', label: 'English', children: <SupplierTemplateForm name={TemplateName.supplierEn} /> },
        ]}
      />
    </Card>
  );
}
