import { type AdminCategoryNode, CATEGORY_MAX_DEPTH } from '@shop/domain';
import { Form, Select, TreeSelect } from 'antd';
import { FormModal } from '@/components/form-modal';
import { useMoveCategory } from '../api/categories';

/** The top of the tree in the parent choice (TreeSelect needs a value; the server takes null). */
const TOP = 0;

interface Values {
  parentId: number;
  index: number;
}

/** Levels a branch spans below its root (0 for a leaf). */
export function branchHeight(node: AdminCategoryNode): number {
  return node.children.reduce((h, c) => Math.max(h, 1 + branchHeight(c)), 0);
}

interface ParentOption {
  value: number;
  title: string;
  disabled: boolean;
  children: ParentOption[];
}

/** The parents a branch may go under: not inside itself, and not so deep that it would pass the third level. */
function parentOptions(nodes: readonly AdminCategoryNode[], moving: AdminCategoryNode): ParentOption[] {
  const height = branchHeight(moving);
  return nodes
    .filter((n) => n.id !== moving.id && n.depth < CATEGORY_MAX_DEPTH)
    .map((n) => ({
      value: n.id,
      title: n.name,
      disabled: n.depth + 1 + height > CATEGORY_MAX_DEPTH,
      children: parentOptions(n.children, moving),
    }));
}

export function findNode(nodes: readonly AdminCategoryNode[], id: number): AdminCategoryNode | undefined {
  for (const n of nodes) {
    if (n.id === id) return n;
    const inner = findNode(n.children, id);
    if (inner) return inner;
  }
  return undefined;
}

/** Moves a category (with its branch) under another parent or to the top, at a chosen place among its siblings. */
export function MoveModal({
  tree,
  moving,
  onClose,
}: {
  tree: readonly AdminCategoryNode[];
  moving: AdminCategoryNode;
  onClose: () => void;
}) {
  const [form] = Form.useForm<Values>();
  const move = useMoveCategory();
  const parentId = Form.useWatch('parentId', form) ?? moving.parentId ?? TOP;
  const siblings = (parentId === TOP ? tree : (findNode(tree, parentId)?.children ?? [])).filter(
    (n) => n.id !== moving.id,
  );
  const places = [
    { value: 0, label: '最前' },
    ...siblings.map((s, i) => ({ value: i + 1, label: `在「${s.name}」之后` })),
  ];
  const current =
    (moving.parentId ?? TOP) === parentId ? Math.max(0, siblingIndex(tree, moving)) : siblings.length;
  return (
    <FormModal<Values>
      title={`移动分类：${moving.name}`}
      okText="移动"
      pending={move.isPending}
      onClose={onClose}
      form={form}
      name="category-move"
      initialValues={{ parentId: moving.parentId ?? TOP, index: current }}
      onFinish={(v) =>
        move.mutate(
          { id: moving.id, parentId: v.parentId === TOP ? null : v.parentId, index: v.index },
          { onSuccess: onClose },
        )
      }
    >
      <Form.Item
        name="parentId"
        label="上级分类"
        extra={`连同下级一起移动，最多${CATEGORY_MAX_DEPTH}级`}
        rules={[{ required: true, message: '请选择上级分类' }]}
      >
        <TreeSelect
          treeDefaultExpandAll
          treeData={[
            { value: TOP, title: '（一级分类）', disabled: false, children: [] },
            ...parentOptions(tree, moving),
          ]}
          onChange={() => form.setFieldValue('index', Number.MAX_SAFE_INTEGER)}
        />
      </Form.Item>
      <Form.Item name="index" label="排在" rules={[{ required: true, message: '请选择位置' }]}>
        <Select
          options={places}
          // A new parent puts it last until a place is chosen.
          labelRender={({ value }) =>
            places.find((p) => p.value === value)?.label ??
            `最后${siblings.length ? `（「${siblings.at(-1)?.name}」之后）` : ''}`
          }
        />
      </Form.Item>
    </FormModal>
  );
}

/** A category's place among its siblings, 0 first. */
export function siblingIndex(tree: readonly AdminCategoryNode[], node: AdminCategoryNode): number {
  const siblings = node.parentId === null ? tree : (findNode(tree, node.parentId)?.children ?? []);
  return siblings.findIndex((s) => s.id === node.id);
}
