import { PlusOutlined } from '@ant-design/icons';
import { type AdminBrand, countryLabel, imageUrl } from '@shop/domain';
import { Button, Card, Form, Image, Input, Popconfirm, Tag } from 'antd';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { FilterActions } from '@/components/filter-actions';
import { LoadFailed } from '@/components/load-failed';
import { PagedTable, pageOf } from '@/components/paged-table';
import { useBrandList, useDeleteBrand } from '@/features/brands/api/brands';
import { BrandModal } from '@/features/brands/components/brand-modal';
import { useFieldsFrom } from '@/lib/form-sync';
import { pageFromSearch, pageToSearch } from '@/lib/list-controls';

/** 品牌 (owner and content): every brand in the storefront's A–Z order, with its logo and goods. */
export default function BrandsPage() {
  const [params, setParams] = useSearchParams();
  const keyword = params.get('keyword') || undefined;
  const { pageNo, pageSize } = pageFromSearch(params);
  const go = (next: string | undefined, page: number, size: number) => {
    const search = new URLSearchParams();
    if (next) search.set('keyword', next);
    pageToSearch(search, { pageNo: page, pageSize: size });
    setParams(search);
  };
  const list = useBrandList({ keyword, pageNo, pageSize });
  const remove = useDeleteBrand();
  const [editing, setEditing] = useState<AdminBrand | null>();
  const [form] = Form.useForm<{ keyword?: string }>();
  useFieldsFrom(form, { keyword });
  return (
    <Card
      title="品牌"
      extra={
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing(null)}>
          新建品牌
        </Button>
      }
    >
      <Form
        form={form}
        layout="inline"
        name="brand-filters"
        className="console-filters"
        onFinish={(v) => go(v.keyword?.trim() || undefined, 1, pageSize)}
      >
        <Form.Item name="keyword" label="名称">
          <Input allowClear placeholder="中文或英文名称" maxLength={64} />
        </Form.Item>
        <FilterActions
          onReset={() => {
            form.resetFields();
            go(undefined, 1, pageSize);
          }}
        />
      </Form>
      {list.isError ? (
        <LoadFailed title="品牌加载失败" error={list.error} retry={list.refetch} />
      ) : (
        <PagedTable<AdminBrand>
          {...pageOf(list, { pageNo, pageSize }, (page, size) => go(keyword, page, size))}
          rowKey="id"
          scrollX={820}
          emptyText={keyword ? '没有符合条件的品牌' : '还没有品牌，先新建一个'}
          unit="个品牌"
          columns={[
            {
              title: '分组',
              dataIndex: 'initial',
              width: 64,
              render: (v: string) => <Tag color="blue">{v}</Tag>,
            },
            {
              title: '标志',
              dataIndex: 'logo',
              width: 80,
              render: (v: string, b) =>
                v ? <Image width={48} src={imageUrl(v, 96)} alt={b.name} preview={false} /> : '—',
            },
            { title: '名称', dataIndex: 'name' },
            { title: '英文名称', dataIndex: 'nameEn', render: (v: string) => v || '—' },
            { title: '国家', dataIndex: 'country', width: 90, render: (v: string) => countryLabel(v) },
            { title: '商品', dataIndex: 'goodsCount', width: 70 },
            { title: '排序', dataIndex: 'sort', width: 70 },
            {
              title: '操作',
              width: 140,
              render: (_, b) => (
                <>
                  <Button type="link" onClick={() => setEditing(b)}>
                    修改
                  </Button>
                  <Popconfirm
                    title={`删除品牌「${b.name}」？`}
                    description={b.goodsCount > 0 ? `还有 ${b.goodsCount} 个商品，不能删除` : undefined}
                    okText="删除"
                    okButtonProps={{ danger: true, disabled: b.goodsCount > 0 }}
                    cancelText="取消"
                    onConfirm={() => remove.mutate({ id: b.id })}
                  >
                    <Button type="link" danger>
                      删除
                    </Button>
                  </Popconfirm>
                </>
              ),
            },
          ]}
        />
      )}
      {editing !== undefined && <BrandModal brand={editing} onClose={() => setEditing(undefined)} />}
    </Card>
  );
}
