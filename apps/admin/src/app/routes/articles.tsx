import { PlusOutlined } from '@ant-design/icons';
import type { AdminArticleRow } from '@shop/domain';
import { Button, Card, Col, Form, Input, Row, Select, Tag } from 'antd';
import { useState } from 'react';
import { FilterActions } from '@/components/filter-actions';
import { LoadFailed } from '@/components/load-failed';
import { PagedTable, pageOf } from '@/components/paged-table';
import { useArticleCategories, useArticleList } from '@/features/content/api/content';
import { ArticleEditor } from '@/features/content/components/article-editor';
import { CategoryCard } from '@/features/content/components/category-card';
import { formatTime } from '@/lib/date';
import { DEFAULT_PAGE_SIZE } from '@/lib/list-controls';

interface Filters {
  keyword?: string;
  categoryId?: number;
}

/** 文章 (content.edit): the help articles and notices, their categories, and the editor. */
export default function ArticlesPage() {
  const categories = useArticleCategories();
  const [filters, setFilters] = useState<Filters>({});
  const [page, setPage] = useState({ pageNo: 1, pageSize: DEFAULT_PAGE_SIZE });
  const list = useArticleList({ ...filters, ...page });
  const [form] = Form.useForm<Filters>();
  const [editing, setEditing] = useState<number | null>();
  const categoryOptions = (categories.data?.items ?? []).map((c) => ({ value: c.id, label: c.name }));
  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} xl={16}>
        <Card
          title="文章"
          extra={
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing(null)}>
              新建文章
            </Button>
          }
        >
          <Form<Filters>
            form={form}
            layout="inline"
            name="article-filters"
            onFinish={(values) => {
              setFilters({ keyword: values.keyword?.trim() || undefined, categoryId: values.categoryId });
              setPage((p) => ({ ...p, pageNo: 1 }));
            }}
          >
            <Form.Item name="keyword" label="关键词">
              <Input allowClear placeholder="标题或摘要" maxLength={64} />
            </Form.Item>
            <Form.Item name="categoryId" label="分类">
              <Select<number>
                allowClear
                style={{ minWidth: 140 }}
                options={categoryOptions}
                placeholder="全部"
              />
            </Form.Item>
            <FilterActions
              onReset={() => {
                form.resetFields();
                setFilters({});
                setPage((p) => ({ ...p, pageNo: 1 }));
              }}
            />
          </Form>
          {list.isError ? (
            <LoadFailed title="文章加载失败" error={list.error} retry={list.refetch} />
          ) : (
            <PagedTable<AdminArticleRow>
              {...pageOf(list, page, (pageNo, pageSize) => setPage({ pageNo, pageSize }))}
              rowKey="id"
              scrollX={720}
              emptyText="没有文章"
              unit="篇文章"
              columns={[
                {
                  title: '标题',
                  dataIndex: 'title',
                  render: (title: string, row) => (
                    <Button type="link" onClick={() => setEditing(row.id)}>
                      {title}
                    </Button>
                  ),
                },
                { title: '分类', dataIndex: 'categoryName', width: 120, render: (v: string) => v || '—' },
                { title: '排序', dataIndex: 'sort', width: 70 },
                {
                  title: '状态',
                  dataIndex: 'published',
                  width: 80,
                  render: (v: boolean) => (v ? <Tag color="green">已发布</Tag> : <Tag>未发布</Tag>),
                },
                {
                  title: '更新时间',
                  dataIndex: 'updatedAt',
                  width: 170,
                  render: (v: string) => formatTime(v),
                },
              ]}
            />
          )}
        </Card>
      </Col>
      <Col xs={24} xl={8}>
        <CategoryCard />
      </Col>
      {editing !== undefined && (
        <ArticleEditor
          id={editing ?? undefined}
          categories={categories.data?.items ?? []}
          onClose={() => setEditing(undefined)}
        />
      )}
    </Row>
  );
}
