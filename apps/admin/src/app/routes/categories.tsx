import { ArrowDownOutlined, ArrowUpOutlined, PlusOutlined } from '@ant-design/icons';
import { type AdminCategoryNode, CATEGORY_MAX_DEPTH, imageUrl } from '@shop/domain';
import type { TreeDataNode, TreeProps } from 'antd';
import { Button, Card, Empty, Image, Popconfirm, Space, Spin, Tag, Tree, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { LoadFailed } from '@/components/load-failed';
import { useCategoryTree, useDeleteCategory, useMoveCategory } from '@/features/categories/api/categories';
import { type CategoryEdit, CategoryModal } from '@/features/categories/components/category-modal';
import { branchHeight, findNode, MoveModal, siblingIndex } from '@/features/categories/components/move-modal';

function isInside(branch: AdminCategoryNode, id: number): boolean {
  return branch.id === id || branch.children.some((c) => isInside(c, id));
}

/**
 * 分类 (owner and content): the storefront's three-level category tree. Drag a category onto another to file
 * it below, or between two to reorder; on a phone (or by keyboard) the 上移, 下移 and 移动 buttons do the same.
 */
export default function CategoriesPage() {
  const tree = useCategoryTree();
  const move = useMoveCategory();
  const remove = useDeleteCategory();
  const [edit, setEdit] = useState<CategoryEdit>();
  const [moving, setMoving] = useState<AdminCategoryNode>();
  // Every branch is open unless closed by hand, so a category just added below another shows at once.
  const [collapsed, setCollapsed] = useState<ReadonlySet<number>>(new Set());
  const items = tree.data?.items ?? [];

  const siblingsOf = (node: AdminCategoryNode) =>
    node.parentId === null ? items : (findNode(items, node.parentId)?.children ?? []);
  const shift = (node: AdminCategoryNode, by: -1 | 1) =>
    move.mutate({ id: node.id, parentId: node.parentId, index: siblingIndex(items, node) + by });

  const title = (node: AdminCategoryNode) => {
    const index = siblingIndex(items, node);
    const last = siblingsOf(node).length - 1;
    return (
      <div className="category-node">
        <Space size={6} wrap>
          {node.image && (
            <Image width={24} height={24} src={imageUrl(node.image, 48)} alt="" preview={false} />
          )}
          <Typography.Text strong={node.depth === 1}>{node.name}</Typography.Text>
          <Tag>{node.depth}级</Tag>
          {node.goodsCount > 0 && <Tag color="blue">{node.goodsCount} 个商品</Tag>}
        </Space>
        {/* The buttons do not pick the node or start a drag. */}
        <Space size={0} wrap onClick={(e) => e.stopPropagation()} className="category-actions">
          {node.depth < CATEGORY_MAX_DEPTH && (
            <Button type="link" size="small" onClick={() => setEdit({ parent: node })}>
              添加下级
            </Button>
          )}
          <Button type="link" size="small" onClick={() => setEdit({ category: node })}>
            修改
          </Button>
          <Button
            type="link"
            size="small"
            icon={<ArrowUpOutlined />}
            aria-label={`上移 ${node.name}`}
            disabled={index <= 0 || move.isPending}
            onClick={() => shift(node, -1)}
          />
          <Button
            type="link"
            size="small"
            icon={<ArrowDownOutlined />}
            aria-label={`下移 ${node.name}`}
            disabled={index >= last || move.isPending}
            onClick={() => shift(node, 1)}
          />
          <Button type="link" size="small" onClick={() => setMoving(node)}>
            移动
          </Button>
          <Popconfirm
            title={`删除分类「${node.name}」？`}
            description={
              node.children.length > 0
                ? '还有下级分类，不能删除'
                : node.goodsCount > 0
                  ? `还有 ${node.goodsCount} 个商品，不能删除`
                  : undefined
            }
            okText="删除"
            okButtonProps={{ danger: true, disabled: node.children.length > 0 || node.goodsCount > 0 }}
            cancelText="取消"
            onConfirm={() => remove.mutate({ id: node.id })}
          >
            <Button type="link" size="small" danger>
              删除
            </Button>
          </Popconfirm>
        </Space>
      </div>
    );
  };

  const { treeData, branches } = useMemo(() => {
    const withChildren: number[] = [];
    const toData = (nodes: readonly AdminCategoryNode[]): TreeDataNode[] =>
      nodes.map((n) => {
        if (n.children.length > 0) withChildren.push(n.id);
        return { key: n.id, title: n.name, children: toData(n.children) };
      });
    return { treeData: toData(items), branches: withChildren };
  }, [items]);
  const expandedKeys = branches.filter((id) => !collapsed.has(id));

  const allowDrop: TreeProps['allowDrop'] = ({ dragNode, dropNode, dropPosition }) => {
    const dragged = findNode(items, Number(dragNode.key));
    const target = findNode(items, Number(dropNode.key));
    if (!dragged || !target) return false;
    // Onto a node: filed below it; between nodes: a sibling of the one dropped next to.
    const depth = dropPosition === 0 ? target.depth + 1 : target.depth;
    const parent =
      dropPosition === 0 ? target : target.parentId === null ? null : findNode(items, target.parentId);
    if (parent && isInside(dragged, parent.id)) return false;
    return depth + branchHeight(dragged) <= CATEGORY_MAX_DEPTH;
  };

  const onDrop: TreeProps['onDrop'] = (info) => {
    const dragged = findNode(items, Number(info.dragNode.key));
    const target = findNode(items, Number(info.node.key));
    if (!dragged || !target) return;
    if (!info.dropToGap) {
      move.mutate({ id: dragged.id, parentId: target.id, index: 0 });
      return;
    }
    const pos = info.node.pos.split('-');
    const before = info.dropPosition - Number(pos[pos.length - 1]) === -1;
    const siblings = siblingsOf(target).filter((s) => s.id !== dragged.id);
    const at = siblings.findIndex((s) => s.id === target.id);
    move.mutate({ id: dragged.id, parentId: target.parentId, index: before ? at : at + 1 });
  };

  return (
    <Card
      title="分类"
      extra={
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setEdit({ parent: null })}>
          添加一级分类
        </Button>
      }
    >
      <Typography.Paragraph type="secondary">
        商城的分类最多{CATEGORY_MAX_DEPTH}
        级。拖动分类到另一个分类上即归入其下，拖到两个分类之间即调整顺序；也可用上移、下移和移动。
      </Typography.Paragraph>
      {tree.isError ? (
        <LoadFailed title="分类加载失败" error={tree.error} retry={tree.refetch} />
      ) : tree.isPending ? (
        <Spin />
      ) : items.length === 0 ? (
        <Empty description="还没有分类，先添加一个一级分类" />
      ) : (
        <Spin spinning={move.isPending || remove.isPending}>
          <Tree
            className="category-tree"
            blockNode
            expandedKeys={expandedKeys}
            onExpand={(keys) => {
              const open = new Set(keys.map(Number));
              setCollapsed(new Set(branches.filter((id) => !open.has(id))));
            }}
            draggable={{ icon: false }}
            allowDrop={allowDrop}
            onDrop={onDrop}
            selectable={false}
            treeData={treeData}
            titleRender={(data) => {
              const node = findNode(items, Number(data.key));
              return node ? title(node) : null;
            }}
          />
        </Spin>
      )}
      {edit && <CategoryModal edit={edit} onClose={() => setEdit(undefined)} />}
      {moving && <MoveModal tree={items} moving={moving} onClose={() => setMoving(undefined)} />}
    </Card>
  );
}
