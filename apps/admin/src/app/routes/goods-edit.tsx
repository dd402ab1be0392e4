import { Breadcrumb, Card, Spin } from 'antd';
import { Link, useNavigate, useParams } from 'react-router';
import { LoadFailed } from '@/components/load-failed';
import { useGoodsDetail } from '@/features/goods/api/goods-editor';
import { GoodsEditor } from '@/features/goods/components/goods-editor';
import { paths } from '@/lib/paths';

/** 商品 → 新建商品 (/goods/new) or 编辑 (/goods/:id). */
export default function GoodsEditPage() {
  const { id: param } = useParams();
  const navigate = useNavigate();
  const id = param === 'new' ? null : Number(param);
  const valid = id === null || (Number.isInteger(id) && id > 0);
  const detail = useGoodsDetail(valid ? id : null);
  const title = id === null ? '新建商品' : `编辑商品${detail.data ? `：${detail.data.name}` : ''}`;
  return (
    <Card title={<Breadcrumb items={[{ title: <Link to={paths.page('goods')}>商品</Link> }, { title }]} />}>
      {!valid ? (
        <LoadFailed
          title="商品不存在"
          error={new Error('商品编号无效')}
          retry={() => navigate(paths.page('goods'))}
        />
      ) : id !== null && detail.isPending ? (
        <Spin description="加载中" size="large">
          <div style={{ minHeight: 200 }} />
        </Spin>
      ) : detail.isError ? (
        <LoadFailed title="商品加载失败" error={detail.error} retry={detail.refetch} />
      ) : (
        <GoodsEditor
          // A new key after a reload or a create starts the form again from the stored good.
          key={detail.data ? `${detail.data.id}-${detail.dataUpdatedAt}` : 'new'}
          loaded={detail.data ?? null}
          onReload={() => void detail.refetch()}
          onSaved={(saved) => {
            if (id === null) navigate(paths.goodsEdit(saved.id), { replace: true });
          }}
        />
      )}
    </Card>
  );
}
