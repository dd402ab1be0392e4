import type { AdminArticleCategory, AdminArticleSaveRequest } from '@shop/domain';
import { Button, Drawer, Form, Grid, Input, InputNumber, Select, Space, Spin, Switch } from 'antd';
import { RichTextEditor } from '@/components/rich-text-editor';
import { useArticle, useSaveArticle } from '../api/content';
import { ImageField } from './image-field';

type ArticleForm = Omit<AdminArticleSaveRequest, 'id'>;

/** 新建 / 修改文章: title, summary, cover, category, order and the rich text, saved as the server sanitises it. */
export function ArticleEditor({
  id,
  categories,
  onClose,
}: {
  /** Undefined for a new article. */
  id: number | undefined;
  categories: AdminArticleCategory[];
  onClose: () => void;
}) {
  const article = useArticle(id);
  const save = useSaveArticle();
  const [form] = Form.useForm<ArticleForm>();
  const loading = id !== undefined && !article.data;
  const screens = Grid.useBreakpoint();
  return (
    <Drawer
      open
      title={id === undefined ? '新建文章' : `修改文章：${article.data?.title ?? ''}`}
      size={screens.lg ? 880 : '100%'}
      onClose={onClose}
      destroyOnHidden
      extra={
        <Space>
          <Button onClick={onClose}>取消</Button>
          <Button type="primary" loading={save.isPending} disabled={loading} onClick={() => form.submit()}>
            保存
          </Button>
        </Space>
      }
    >
      {loading ? (
        <Spin description="正在加载文章…" />
      ) : (
        <Form<ArticleForm>
          form={form}
          name="article"
          layout="vertical"
          initialValues={
            article.data
              ? {
                  title: article.data.title,
                  summary: article.data.summary,
                  cover: article.data.cover,
                  content: article.data.content,
                  categoryId: article.data.categoryId,
                  sort: article.data.sort,
                  published: article.data.published,
                }
              : { title: '', summary: '', cover: '', content: '', categoryId: null, sort: 0, published: true }
          }
          onFinish={(values) =>
            save.mutate({ ...values, ...(id !== undefined ? { id } : {}) }, { onSuccess: onClose })
          }
        >
          <Form.Item
            label="标题"
            name="title"
            rules={[{ required: true, whitespace: true, message: '请输入标题' }]}
          >
            <Input maxLength={200} />
          </Form.Item>
          <Form.Item label="摘要" name="summary">
            <Input.TextArea maxLength={500} rows={2} />
          </Form.Item>
          <Space wrap>
            <Form.Item
              label="分类"
              name="categoryId"
              // No category is null on the wire; the choice needs a value of its own.
              getValueProps={(value: number | null) => ({ value: value ?? 0 })}
              normalize={(value: number) => (value === 0 ? null : value)}
            >
              <Select<number>
                style={{ minWidth: 180 }}
                options={[
                  { value: 0, label: '不分类（不在页脚显示）' },
                  ...categories.map((c) => ({ value: c.id, label: c.name })),
                ]}
              />
            </Form.Item>
            <Form.Item label="排序" name="sort" extra="小的在前">
              <InputNumber<number> min={0} max={9999} precision={0} />
            </Form.Item>
            <Form.Item label="发布" name="published" valuePropName="checked">
              <Switch />
            </Form.Item>
          </Space>
          <Form.Item label="封面" name="cover">
            <ImageField label="封面" />
          </Form.Item>
          <Form.Item label="正文" name="content">
            <RichTextEditor />
          </Form.Item>
        </Form>
      )}
    </Drawer>
  );
}
