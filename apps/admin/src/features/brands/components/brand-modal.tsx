import { type AdminBrand, adminBrandSaveRequestSchema, COUNTRY_LABELS } from '@shop/domain';
import { Form, Input, InputNumber, Select, Tag } from 'antd';
import { FormModal } from '@/components/form-modal';
import { ImageField } from '@/components/image-field';
import { uploadCatalogueImage } from '@/lib/catalogue-image';
import { zodRule } from '@/lib/zod-rule';
import { useBrandInitial, useSaveBrand } from '../api/brands';

const shape = adminBrandSaveRequestSchema.shape;
const COUNTRY_OPTIONS = Object.entries(COUNTRY_LABELS).map(([value, label]) => ({ value, label }));

interface Values {
  name: string;
  nameEn?: string;
  country: string;
  logo?: string;
  banner?: string;
  description?: string;
  sort?: number;
}

/** The group a name goes under on the storefront's brand page, shown while the name is typed. */
function InitialHint({ name }: { name: string }) {
  const initial = useBrandInitial(name);
  if (!name.trim()) return <span>商城品牌页按首字母分组，中文名取拼音首字母</span>;
  return (
    <span>
      商城品牌页中归入 <Tag color="blue">{initial ?? '…'}</Tag>
      {initial === '#' ? '（不以字母或汉字开头）' : ''}
    </span>
  );
}

/** Adds a brand, or changes one. */
export function BrandModal({ brand, onClose }: { brand: AdminBrand | null; onClose: () => void }) {
  const [form] = Form.useForm<Values>();
  const name = Form.useWatch('name', form) ?? brand?.name ?? '';
  const save = useSaveBrand(brand === null);
  const submit = (v: Values) =>
    save.mutate(
      {
        ...(brand ? { id: brand.id } : {}),
        name: v.name.trim(),
        nameEn: v.nameEn?.trim() ?? '',
        country: v.country,
        logo: v.logo ?? '',
        banner: v.banner ?? '',
        description: v.description?.trim() ?? '',
        sort: v.sort ?? 0,
      },
      { onSuccess: onClose },
    );
  return (
    <FormModal<Values>
      title={brand ? `修改品牌：${brand.name}` : '新建品牌'}
      okText="保存"
      pending={save.isPending}
      onClose={onClose}
      form={form}
      name="brand"
      initialValues={brand ?? { country: 'OTHER', sort: 0, logo: '', banner: '' }}
      onFinish={submit}
    >
      <Form.Item
        name="name"
        label="品牌名称"
        rules={[zodRule(shape.name, '品牌名称')]}
        extra={<InitialHint name={name} />}
      >
        <Input maxLength={80} placeholder="如 爱他美" />
      </Form.Item>
      <Form.Item name="nameEn" label="英文名称" rules={[zodRule(shape.nameEn)]}>
        <Input maxLength={80} placeholder="如 Aptamil" />
      </Form.Item>
      <Form.Item name="country" label="国家或地区" rules={[{ required: true, message: '请选择国家或地区' }]}>
        <Select options={COUNTRY_OPTIONS} />
      </Form.Item>
      <Form.Item name="logo" label="标志" extra="商城品牌墙与品牌页显示">
        <ImageField upload={uploadCatalogueImage} label="标志" />
      </Form.Item>
      <Form.Item name="banner" label="横幅" extra="品牌页顶部">
        <ImageField upload={uploadCatalogueImage} label="横幅" width={200} />
      </Form.Item>
      <Form.Item name="description" label="简介" rules={[zodRule(shape.description)]}>
        <Input.TextArea rows={3} maxLength={2000} showCount />
      </Form.Item>
      <Form.Item name="sort" label="排序">
        <InputNumber min={0} max={99999} precision={0} />
      </Form.Item>
    </FormModal>
  );
}
