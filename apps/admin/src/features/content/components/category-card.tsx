import { PlusOutlined } from '@ant-design/icons';
import type { AdminArticleCategory, AdminArticleCategorySaveRequest } from '@shop/domain';
import { Button, Card, Form, Input, InputNumber, Popconfirm, Space, Table } from 'antd';
import { useState } from 'react';
import { FormModal } from '@/components/form-modal';
import { LoadFailed } from '@/components/load-failed';
import { useArticleCategories, useDeleteCategory, useSaveCategory } from '../api/content';

/** 文章分类: the footer's groups of help articles, in their order; one is deleted only once it is empty. */
export function CategoryCard() {
  const categories = useArticleCategories();
  const save = useSaveCategory();
  const remove = useDeleteCategory();
  const [form] = Form.useForm<AdminArticleCategorySaveRequest>();
  const [editing, setEditing] = useState<AdminArticleCategory | null>();
  return (
    <Card
      title="文章分类"
      extra={
        <Button icon={<PlusOutlined />} onClick={() => setEditing(null)}>
          添加分类
        </Button>
      }
    >
      {categories.isError ? (
        <LoadFailed title="文章分类加载失败" error={categories.error} retry={categories.refetch} />
      ) : (
        <Table<AdminArticleCategory>
          rowKey="id"
          size="small"
          loading={categories.isPending}
          dataSource={categories.data?.items ?? []}
          pagination={false}
          scroll={{ x: 420 }}
          locale={{ emptyText: '还没有文章分类' }}
          columns={[
            { title: '名称', dataIndex: 'name' },
            { title: '排序', dataIndex: 'sort', width: 70 },
            { title: '文章数', dataIndex: 'articleCount', width: 80 },
            {
              title: '操作',
              width: 130,
              render: (_, row) => (
                <Space size={0}>
                  <Button type="link" size="small" onClick={() => setEditing(row)}>
                    修改
                  </Button>
                  <Popconfirm
                    title={`删除分类「${row.name}」？`}
                    okText="删除"
                    cancelText="取消"
                    disabled={row.articleCount > 0}
                    onConfirm={() => remove.mutate(row.id)}
                  >
                    <Button
                      type="link"
                      size="small"
                      danger
                      disabled={row.articleCount > 0}
                      title={row.articleCount > 0 ? '分类下还有文章，不能删除' : undefined}
                    >
                      删除
                    </Button>
                  </Popconfirm>
                </Space>
              ),
            },
          ]}
        />
      )}
      {editing !== undefined && (
        <FormModal<AdminArticleCategorySaveRequest>
          title={editing ? `修改分类：${editing.name}` : '添加分类'}
          okText="保存"
          pending={save.isPending}
          onClose={() => setEditing(undefined)}
          form={form}
          name="category"
          initialValues={editing ? { name: editing.name, sort: editing.sort } : { sort: 0 }}
          onFinish={(values) =>
            save.mutate(
              { ...values, ...(editing ? { id: editing.id } : {}) },
              { onSuccess: () => setEditing(undefined) },
            )
          }
        >
          <Form.Item
            label="名称"
            name="name"
            rules={[{ required: true, whitespace: true, message: '请输入分类名称' }]}
          >
            <Input maxLength={60} />
          </Form.Item>
          <Form.Item
            label="排序"
            name="sort"
            extra="小的在前"
            rules={[{ required: true, message: '请输入排序' }]}
          >
            <InputNumber<number> min={0} max={9999} precision={0} />
          </Form.Item>
        </FormModal>
      )}
    </Card>
  );
}
