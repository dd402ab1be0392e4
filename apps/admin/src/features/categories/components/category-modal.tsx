import { type AdminCategoryNode, adminCategorySaveRequestSchema } from '@shop/domain';
import { Form, Input } from 'antd';
import { FormModal } from '@/components/form-modal';
import { ImageField } from '@/components/image-field';
import { uploadCatalogueImage } from '@/lib/catalogue-image';
import { zodRule } from '@/lib/zod-rule';
import { useSaveCategory } from '../api/categories';

const shape = adminCategorySaveRequestSchema.shape;

interface Values {
  name: string;
  image?: string;
}

/** What the dialog does: add a category under a parent (null: a top one), or change one. */
export type CategoryEdit = { parent: AdminCategoryNode | null } | { category: AdminCategoryNode };

/** Adds a category at the end of its parent's children, or renames one and sets its picture. */
export function CategoryModal({ edit, onClose }: { edit: CategoryEdit; onClose: () => void }) {
  const [form] = Form.useForm<Values>();
  const category = 'category' in edit ? edit.category : null;
  const parent = 'parent' in edit ? edit.parent : null;
  const save = useSaveCategory(category === null);
  const submit = (v: Values) =>
    save.mutate(
      category
        ? { id: category.id, name: v.name.trim(), image: v.image ?? '' }
        : { parentId: parent?.id ?? null, name: v.name.trim(), image: v.image ?? '' },
      { onSuccess: onClose },
    );
  return (
    <FormModal<Values>
      title={
        category ? `修改分类：${category.name}` : parent ? `在「${parent.name}」下添加分类` : '添加一级分类'
      }
      okText="保存"
      pending={save.isPending}
      onClose={onClose}
      form={form}
      name="category"
      initialValues={category ?? { image: '' }}
      onFinish={submit}
    >
      <Form.Item name="name" label="分类名称" rules={[zodRule(shape.name, '分类名称')]}>
        <Input maxLength={60} placeholder="如 婴儿奶粉" />
      </Form.Item>
      <Form.Item name="image" label="图片" extra="商城分类页与分类入口显示">
        <ImageField upload={uploadCatalogueImage} label="图片" />
      </Form.Item>
    </FormModal>
  );
}
