import type { AdminGoodsDetail, AdminGoodsSaveResponse, CategoryNode } from '@shop/domain';
import {
  Alert,
  App,
  Button,
  Card,
  Cascader,
  Col,
  Form,
  Input,
  Row,
  Select,
  Space,
  Switch,
  Typography,
} from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useBlocker } from 'react-router';
import { RichTextEditor } from '@/components/rich-text-editor';
import { isApiError } from '@/lib/api-client';
import { notify } from '@/lib/notify';
import { WAREHOUSE_OPTIONS } from '@/lib/warehouse-options';
import { useCatalogueChoices } from '../api/goods';
import { useSaveGoods } from '../api/goods-editor';
import {
  EMPTY_GOODS,
  formFromDetail,
  type GoodsFormValues,
  matrixFor,
  requestFromForm,
  type SkuRow,
} from './goods-form-model';
import { GoodsImages } from './goods-images';
import { SkuMatrix } from './sku-matrix';
import { WholesaleDefaults } from './wholesale-defaults';

interface CascaderOption {
  value: number;
  label: string;
  children?: CascaderOption[];
}
function cascaderOptions(nodes: readonly CategoryNode[]): CascaderOption[] {
  return nodes.map((n) => ({
    value: n.id,
    label: n.name,
    ...(n.children.length > 0 ? { children: cascaderOptions(n.children) } : {}),
  }));
}

const required = (message: string) => ({ required: true, whitespace: true, message });

/** Asks before leaving a form with changes not saved: in-console links and closing or reloading the tab. */
function useLeaveWarning(dirty: boolean, dirtyNow: { current: boolean }) {
  // Read at the moment of leaving: a save that just finished has cleared it before its own navigation.
  const { modal } = App.useApp();
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      dirtyNow.current && currentLocation.pathname !== nextLocation.pathname,
  );
  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    modal.confirm({
      title: '离开此页？',
      content: '商品的修改还没有保存，离开后将丢失。',
      okText: '离开',
      cancelText: '留下',
      onOk: () => blocker.proceed(),
      onCancel: () => blocker.reset(),
    });
  }, [blocker, modal]);
  useEffect(() => {
    if (!dirty) return;
    const warn = (e: BeforeUnloadEvent) => e.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);
}

/**
 * The goods editor: 基本信息, 图片, 规格 (the SKU matrix from the attributes' combinations) and 描述. A new good
 * when `loaded` is null. Saving sends the whole good with the updateTime it loaded; a stale save is refused by
 * the server and the form offers to reload.
 */
export function GoodsEditor({
  loaded,
  onSaved,
  onReload,
}: {
  loaded: AdminGoodsDetail | null;
  onSaved: (saved: AdminGoodsSaveResponse) => void;
  onReload: () => void;
}) {
  const [form] = Form.useForm<GoodsFormValues>();
  const { categories, brands } = useCatalogueChoices();
  const save = useSaveGoods();
  const [dirty, setDirtyState] = useState(false);
  const dirtyNow = useRef(false);
  const setDirty = (value: boolean) => {
    dirtyNow.current = value;
    setDirtyState(value);
  };
  const [version, setVersion] = useState<{ id: number; updateTime: string } | null>(
    loaded ? { id: loaded.id, updateTime: loaded.updateTime } : null,
  );
  useLeaveWarning(dirty, dirtyNow);

  const attributes = Form.useWatch('attributes', { form, preserve: true });
  const skus: SkuRow[] = Form.useWatch('skus', { form, preserve: true }) ?? [];
  // The matrix follows the attributes: new combinations get rows, gone ones lose theirs, entered rows stay.
  useEffect(() => {
    if (attributes === undefined) return;
    const current: SkuRow[] = form.getFieldValue('skus') ?? [];
    const next = matrixFor(attributes, current, form.getFieldValue('code') ?? '');
    const same = next.length === current.length && next.every((row, i) => row === current[i]);
    if (!same) form.setFieldValue('skus', next);
  }, [attributes, form]);

  const submit = async () => {
    const values: GoodsFormValues = form.getFieldsValue(true);
    if (values.skus.length === 0) {
      notify.error('请至少添加一个 SKU');
      return;
    }
    try {
      const saved = await save.mutateAsync(requestFromForm(values, version));
      setVersion({ id: saved.id, updateTime: saved.updateTime });
      form.setFieldsValue(formFromDetail(saved));
      setDirty(false);
      notify.success(
        saved.retiredSkuCodes.length > 0
          ? `已保存；SKU ${saved.retiredSkuCodes.join('、')} 已有订单，改为不可售并保留`
          : loaded
            ? '商品已保存'
            : '商品已创建',
      );
      onSaved(saved);
    } catch {
      // The refusal is shown above the form (save.error).
    }
  };

  const stale = isApiError(save.error) && save.error.message.includes('已被他人修改');
  return (
    <Form<GoodsFormValues>
      form={form}
      name="goods-editor"
      layout="vertical"
      initialValues={loaded ? formFromDetail(loaded) : EMPTY_GOODS}
      onValuesChange={() => setDirty(true)}
      onFinish={submit}
      onFinishFailed={() => notify.error('请检查标红的字段')}
      scrollToFirstError
      className="goods-editor"
    >
      {save.error && (
        <Alert
          type="error"
          showIcon
          style={{ marginBottom: 16 }}
          title={save.error instanceof Error ? save.error.message : '保存失败'}
          action={
            stale ? (
              <Button size="small" onClick={onReload}>
                重新加载
              </Button>
            ) : undefined
          }
        />
      )}
      <Card title="基本信息" size="small">
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <Form.Item label="中文名称" name="name" rules={[required('请填写中文名称')]}>
              <Input maxLength={200} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item label="英文名称" name="nameEn">
              <Input maxLength={200} />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item
              label="商品编码"
              name="code"
              rules={[
                required('请填写商品编码'),
                { pattern: /^[A-Za-z0-9][A-Za-z0-9_.-]*$/, message: '商品编码只能包含字母、数字、-、_ 和 .' },
              ]}
            >
              <Input maxLength={40} />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item label="品牌" name="brandId">
              <Select
                allowClear
                showSearch
                optionFilterProp="label"
                placeholder="无品牌"
                options={brands.map((b) => ({ value: b.id, label: b.name }))}
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item label="仓库" name="location" rules={[{ required: true, message: '请选择仓库' }]}>
              <Select options={WAREHOUSE_OPTIONS} placeholder="发货仓库" />
            </Form.Item>
          </Col>
          <Col xs={24} md={16}>
            <Form.Item
              label="分类"
              name="categoryPath"
              rules={[{ required: true, type: 'array', min: 1, message: '请选择分类' }]}
            >
              <Cascader options={cascaderOptions(categories)} changeOnSelect placeholder="选择分类" />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item label="上架" name="onShelf" valuePropName="checked">
              <Switch checkedChildren="上架" unCheckedChildren="下架" />
            </Form.Item>
          </Col>
        </Row>
      </Card>

      <Card title="图片" size="small" style={{ marginTop: 16 }}>
        <Form.Item name="images" noStyle>
          <GoodsImages />
        </Form.Item>
      </Card>

      <Card title="规格" size="small" style={{ marginTop: 16 }}>
        <Typography.Paragraph type="secondary">
          每个规格填写名称和值（回车添加）；SKU 按规格值的组合生成，已填写的行会保留。价格单位为元（AUD
          为澳元）。
        </Typography.Paragraph>
        <Form.List name="attributes">
          {(fields, { add, remove }) => (
            <>
              {fields.map((field) => (
                <Space key={field.key} align="start" wrap className="goods-attribute-row">
                  <Form.Item name={[field.name, 'name']} rules={[required('请填写规格名')]}>
                    <Input
                      placeholder="规格名，如 颜色"
                      aria-label={`规格 ${field.name + 1} 名称`}
                      maxLength={20}
                    />
                  </Form.Item>
                  <Form.Item
                    name={[field.name, 'values']}
                    rules={[{ required: true, type: 'array', min: 1, message: '每个规格至少一个值' }]}
                  >
                    <Select
                      mode="tags"
                      open={false}
                      style={{ minWidth: 220 }}
                      placeholder="规格值，回车添加"
                      aria-label={`规格 ${field.name + 1} 的值`}
                      tokenSeparators={[',', '，']}
                    />
                  </Form.Item>
                  <Button onClick={() => remove(field.name)}>删除规格</Button>
                </Space>
              ))}
              <Form.Item>
                <Button onClick={() => add({ name: '', values: [] })} disabled={fields.length >= 3}>
                  添加规格
                </Button>
              </Form.Item>
            </>
          )}
        </Form.List>
        <SkuMatrix rows={skus} />
        <WholesaleDefaults
          rows={skus}
          onApply={(rule) =>
            form.setFieldValue(
              'skus',
              (form.getFieldValue('skus') as SkuRow[]).map((row) => ({ ...row, ...rule })),
            )
          }
        />
      </Card>

      <Card title="描述" size="small" style={{ marginTop: 16 }}>
        <Form.Item name="content" noStyle>
          <RichTextEditor placeholder="商品详情" />
        </Form.Item>
      </Card>

      <Space className="goods-editor-actions" style={{ marginTop: 16 }}>
        <Button type="primary" htmlType="submit" loading={save.isPending}>
          {loaded ? '保存' : '创建商品'}
        </Button>
        {dirty && <Typography.Text type="warning">有未保存的修改</Typography.Text>}
      </Space>
    </Form>
  );
}
