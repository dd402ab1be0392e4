import {
  ArrowDownOutlined,
  ArrowUpOutlined,
  DeleteOutlined,
  DownOutlined,
  PlusOutlined,
  RightOutlined,
} from '@ant-design/icons';
import type { HomeBlock } from '@shop/domain';
import { Button, Card, Form, Input, InputNumber, Select, Space } from 'antd';
import { type ReactNode, useState } from 'react';
import { WAREHOUSE_OPTIONS } from '@/lib/warehouse-options';
import { GoodsPicker } from './goods-picker';
import { ImageField } from './image-field';
import { LinkPicker } from './link-picker';

type BlockKey = HomeBlock['tmpKey'];

/** What each block is called on the screen (spec §3 'Home page info'). */
export const BLOCK_LABELS: Record<BlockKey, string> = {
  swiperAd: '轮播图',
  swiperRightAd: '轮播图右侧广告',
  BrandAd: '品牌墙',
  goodsFloor: '商品楼层',
  cateEntry: '分类入口',
  warehouseEntry: '仓库入口',
  imageAd: '通栏广告',
};

/** A new block of a kind, empty but valid. */
export function newBlock(key: BlockKey): HomeBlock {
  switch (key) {
    case 'BrandAd':
    case 'cateEntry':
    case 'warehouseEntry':
      return { tmpKey: key, title: BLOCK_LABELS[key], items: [] };
    case 'goodsFloor':
      return { tmpKey: key, title: '新楼层', query: { goodsIds: [] }, size: 8 };
    default:
      return { tmpKey: key, items: [] };
  }
}

/** Moves a block or an item up or down the page, or deletes it. */
function OrderButtons({
  what,
  index,
  count,
  move,
  remove,
}: {
  /** '区块' or '此项', in the buttons' names. */
  what: string;
  index: number;
  count: number;
  move: (from: number, to: number) => void;
  remove: (index: number) => void;
}) {
  const up = what === '区块' ? '区块上移' : '上移';
  const down = what === '区块' ? '区块下移' : '下移';
  return (
    <Space size={0}>
      <Button
        size="small"
        type="text"
        icon={<ArrowUpOutlined />}
        aria-label={up}
        disabled={index === 0}
        onClick={() => move(index, index - 1)}
      />
      <Button
        size="small"
        type="text"
        icon={<ArrowDownOutlined />}
        aria-label={down}
        disabled={index === count - 1}
        onClick={() => move(index, index + 1)}
      />
      <Button
        size="small"
        type="text"
        danger
        icon={<DeleteOutlined />}
        aria-label={`删除${what}`}
        onClick={() => remove(index)}
      />
    </Space>
  );
}

const required = (message: string) => [{ required: true, message }];

/** A list of items inside a block (ads, brands, entries), each a small form. */
function ItemList({
  name,
  addText,
  empty,
  children,
}: {
  name: (string | number)[];
  addText: string;
  empty: Record<string, unknown>;
  children: (field: number) => ReactNode;
}) {
  return (
    <Form.List name={name}>
      {(fields, { add, remove, move }) => (
        <>
          {fields.map((field, index) => (
            <div key={field.key} className="template-item">
              <div className="section-head">
                <span>第 {index + 1} 项</span>
                <OrderButtons what="此项" index={index} count={fields.length} move={move} remove={remove} />
              </div>
              {children(field.name)}
            </div>
          ))}
          <Button type="dashed" block icon={<PlusOutlined />} onClick={() => add(empty)}>
            {addText}
          </Button>
        </>
      )}
    </Form.List>
  );
}

const AD_ITEM = { image: '', title: '', link: { type: 'goods' } };

/** The fields of one block, by its kind. `block` is its index in the form's `blocks`. */
export function HomeBlockFields({ block, kind }: { block: number; kind: BlockKey }) {
  const at = (...path: (string | number)[]) => [block, ...path];
  switch (kind) {
    case 'swiperAd':
    case 'swiperRightAd':
    case 'imageAd':
      return (
        <ItemList name={at('items')} addText="添加广告" empty={AD_ITEM}>
          {(item) => (
            <>
              <Form.Item label="图片" name={[item, 'image']} rules={required('请上传图片')}>
                <ImageField />
              </Form.Item>
              <Form.Item label="标题" name={[item, 'title']}>
                <Input maxLength={60} />
              </Form.Item>
              <Form.Item label="链接" name={[item, 'link']} rules={required('请选择链接')}>
                <LinkPicker />
              </Form.Item>
            </>
          )}
        </ItemList>
      );
    case 'BrandAd':
      return (
        <>
          <Form.Item label="标题" name={at('title')} rules={required('请输入标题')}>
            <Input maxLength={40} />
          </Form.Item>
          <ItemList
            name={at('items')}
            addText="添加品牌"
            empty={{ brandId: undefined, name: '', logo: '', link: { type: 'brand' } }}
          >
            {(item) => (
              <>
                <Space wrap>
                  <Form.Item label="品牌编号" name={[item, 'brandId']} rules={required('请输入品牌编号')}>
                    <InputNumber<number> min={1} precision={0} />
                  </Form.Item>
                  <Form.Item label="名称" name={[item, 'name']} rules={required('请输入品牌名称')}>
                    <Input maxLength={40} />
                  </Form.Item>
                </Space>
                <Form.Item label="标志" name={[item, 'logo']}>
                  <ImageField label="标志" />
                </Form.Item>
                <Form.Item label="链接" name={[item, 'link']} rules={required('请选择链接')}>
                  <LinkPicker />
                </Form.Item>
              </>
            )}
          </ItemList>
        </>
      );
    case 'goodsFloor':
      return (
        <>
          <Space wrap>
            <Form.Item label="标题" name={at('title')} rules={required('请输入标题')}>
              <Input maxLength={40} />
            </Form.Item>
            <Form.Item label="副标题" name={at('subtitle')}>
              <Input maxLength={60} />
            </Form.Item>
            <Form.Item label="展示数量" name={at('size')} rules={required('请输入展示数量')}>
              <InputNumber<number> min={1} max={20} precision={0} />
            </Form.Item>
          </Space>
          <Form.Item
            label="商品"
            name={at('query', 'goodsIds')}
            extra="选了商品时楼层只展示这些商品；不选时按原有条件（分类、仓库、品牌）展示"
          >
            <GoodsPicker />
          </Form.Item>
          <Form.Item label="查看更多链接" name={at('link')}>
            <LinkPicker />
          </Form.Item>
        </>
      );
    case 'cateEntry':
    case 'warehouseEntry':
      return (
        <>
          <Form.Item label="标题" name={at('title')} rules={required('请输入标题')}>
            <Input maxLength={40} />
          </Form.Item>
          <ItemList
            name={at('items')}
            addText="添加入口"
            empty={{ name: '', image: '', link: { type: kind === 'cateEntry' ? 'cate' : 'warehouse' } }}
          >
            {(item) => (
              <>
                {kind === 'warehouseEntry' && (
                  <Form.Item label="仓库" name={[item, 'warehouseId']} rules={required('请选择仓库')}>
                    <Select<number> options={WAREHOUSE_OPTIONS} style={{ minWidth: 160 }} />
                  </Form.Item>
                )}
                <Form.Item label="名称" name={[item, 'name']} rules={required('请输入名称')}>
                  <Input maxLength={40} />
                </Form.Item>
                <Form.Item label="图片" name={[item, 'image']}>
                  <ImageField />
                </Form.Item>
                <Form.Item label="链接" name={[item, 'link']} rules={required('请选择链接')}>
                  <LinkPicker />
                </Form.Item>
              </>
            )}
          </ItemList>
        </>
      );
  }
}

/** What a folded block says of itself: its title and how many items it holds. */
function blockSummary(block: HomeBlock | undefined): string {
  if (!block) return '';
  const title = 'title' in block ? block.title : '';
  if (block.tmpKey === 'goodsFloor')
    return `${title}（${block.query.goodsIds?.length ? `${block.query.goodsIds.length} 个指定商品` : '按条件展示'}）`;
  return [title, `${block.items.length} 项`].filter(Boolean).join(' · ');
}

/** One block as a card: its kind, its place in the page and, unfolded, its fields. */
export function HomeBlockCard({
  index,
  count,
  block,
  move,
  remove,
}: {
  index: number;
  count: number;
  block: HomeBlock | undefined;
  move: (from: number, to: number) => void;
  remove: (index: number) => void;
}) {
  const [open, setOpen] = useState(false);
  const kind = block?.tmpKey ?? 'imageAd';
  return (
    <Card
      size="small"
      className="home-block-card"
      title={
        <Button
          type="link"
          className="home-block-toggle"
          aria-expanded={open}
          icon={open ? <DownOutlined /> : <RightOutlined />}
          onClick={() => setOpen(!open)}
        >
          {`${index + 1}. ${BLOCK_LABELS[kind]}`}
        </Button>
      }
      extra={<OrderButtons what="区块" index={index} count={count} move={move} remove={remove} />}
    >
      {open ? (
        <HomeBlockFields block={index} kind={kind} />
      ) : (
        <div className="field-hint">{blockSummary(block)}</div>
      )}
    </Card>
  );
}
