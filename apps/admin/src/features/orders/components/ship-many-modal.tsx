import { adminOrderShipRequestSchema } from '@shop/domain';
import {
  Alert,
  Form,
  Grid,
  Input,
  Select,
  Space,
  Spin,
  Table,
  type TableColumnsType,
  Typography,
} from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { FormModal } from '@/components/form-modal';
import { isApiError } from '@/lib/api-client';
import { notify } from '@/lib/notify';
import { zodRule } from '@/lib/zod-rule';
import { useCouriers } from '../api/list-couriers';
import { useShipMany } from '../api/ship-many';
import { useWaitingPacks } from '../api/waiting-packs';
import { packsText, type ShipManyRow, shipManyRows, skippedText } from './bulk-rows';

const shape = adminOrderShipRequestSchema.shape;

/** What was typed for each order, by its number (rows may come and go as the list is read again). */
interface Values {
  orders: Record<string, { courierCode?: string; logisticCode?: string }>;
}

/**
 * 批量发货: each picked order with packs waiting to ship gets a courier and a tracking number, typed in a table (the
 * member's courier picked already; one choice can fill every row), and all of them ship together or none does: a
 * refusal lists each order's problem and keeps what was typed. Orders with nothing to ship are named, with why.
 */
export function ShipManyModal({
  orderNos,
  onClose,
  onShipped,
}: {
  orderNos: string[];
  onClose: () => void;
  onShipped: () => void;
}) {
  const [form] = Form.useForm<Values>();
  const screens = Grid.useBreakpoint();
  const waiting = useWaitingPacks(orderNos);
  const couriers = useCouriers();
  const ship = useShipMany();
  const [refusal, setRefusal] = useState<{ message: string; errors: string[] } | null>(null);
  const rows = useMemo(
    () => (waiting.data && couriers.data ? shipManyRows(waiting.data, couriers.data.items) : []),
    [waiting.data, couriers.data],
  );
  const options = (couriers.data?.items ?? []).map((c) => ({ value: c.code, label: c.name }));
  const loading = waiting.isPending || couriers.isPending;
  const skipped = (waiting.data?.skipped ?? []).map(skippedText);
  // The member's courier is picked for each order that has none chosen yet.
  useEffect(() => {
    for (const row of rows)
      if (row.courierCode && !form.getFieldValue(['orders', row.orderNo, 'courierCode']))
        form.setFieldValue(['orders', row.orderNo, 'courierCode'], row.courierCode);
  }, [rows, form]);

  const submit = (values: Values) => {
    setRefusal(null);
    const orders = rows.map((row) => ({
      orderNo: row.orderNo,
      courierCode: values.orders?.[row.orderNo]?.courierCode ?? '',
      logisticCode: values.orders?.[row.orderNo]?.logisticCode ?? '',
    }));
    ship.mutate(
      { orders },
      {
        onSuccess: (result) => {
          notify.success(`已发货 ${result.orders.length} 个订单、${result.packs} 个包裹`);
          onShipped();
        },
        onError: (error) =>
          setRefusal({
            message: isApiError(error) ? error.message : '发货失败，请重试',
            errors: isApiError(error) ? ((error.data as { errors?: string[] } | null)?.errors ?? []) : [],
          }),
      },
    );
  };

  const orderCell = (row: ShipManyRow) => (
    <div>
      <div>{row.orderNo}</div>
      <div className="field-hint">
        {row.receiverName || '—'} · {packsText(row.packs)}
      </div>
    </div>
  );
  const courierField = (row: ShipManyRow) => (
    <Form.Item
      name={['orders', row.orderNo, 'courierCode']}
      className="table-cell-field"
      rules={[{ required: true, message: '请选择快递公司' }, zodRule(shape.courierCode)]}
    >
      <Select
        aria-label={`快递公司 ${row.orderNo}`}
        options={options}
        showSearch={{ optionFilterProp: 'label' }}
        placeholder="选择快递公司"
      />
    </Form.Item>
  );
  const codeField = (row: ShipManyRow) => (
    <Form.Item
      name={['orders', row.orderNo, 'logisticCode']}
      className="table-cell-field"
      rules={[{ required: true, message: '请输入物流单号' }, zodRule(shape.logisticCode)]}
    >
      <Input aria-label={`物流单号 ${row.orderNo}`} placeholder="如 SF1234567890" />
    </Form.Item>
  );
  // On a phone each order is one cell, its two fields under it, so nothing needs scrolling sideways.
  const columns: TableColumnsType<ShipManyRow> = screens.sm
    ? [
        { title: '订单', key: 'order', width: 220, render: (_, row) => orderCell(row) },
        { title: '快递公司', key: 'courier', width: 170, render: (_, row) => courierField(row) },
        { title: '物流单号', key: 'logisticCode', width: 190, render: (_, row) => codeField(row) },
      ]
    : [
        {
          title: '订单 · 快递公司 · 物流单号',
          key: 'order',
          render: (_, row) => (
            <Space orientation="vertical" className="full-width" size={6}>
              {orderCell(row)}
              {courierField(row)}
              {codeField(row)}
            </Space>
          ),
        },
      ];

  return (
    <FormModal<Values>
      title={`批量发货（${rows.length} 个订单）`}
      okText="全部发货"
      pending={ship.isPending}
      okDisabled={loading || rows.length === 0}
      onClose={onClose}
      form={form}
      name="ship-many"
      onFinish={submit}
      width={760}
    >
      {loading ? (
        <Spin className="drawer-loading" />
      ) : waiting.isError || couriers.isError ? (
        <Alert type="error" showIcon title="订单或快递公司加载失败，请关闭后重试" />
      ) : (
        <Space orientation="vertical" className="full-width">
          <Typography.Paragraph type="secondary" className="form-alert">
            每个订单的全部待发货包裹以同一快递公司和物流单号发出；全部检查通过才一起发货，有一个订单不能发货时都不发。
          </Typography.Paragraph>
          {refusal && (
            <Alert
              type="error"
              showIcon
              title={refusal.message}
              description={
                refusal.errors.length > 1 ? (
                  <ul className="import-errors" aria-label="不能发货的订单">
                    {refusal.errors.map((e) => (
                      <li key={e}>{e}</li>
                    ))}
                  </ul>
                ) : undefined
              }
            />
          )}
          {skipped.length > 0 && (
            <Alert
              type="warning"
              title={`${skipped.length} 项没有待发货的包裹，不在本次发货中`}
              description={
                <ul className="import-errors" aria-label="不发货的订单和包裹">
                  {skipped.map((s) => (
                    <li key={s}>{s}</li>
                  ))}
                </ul>
              }
            />
          )}
          {rows.length > 1 && (
            <Form.Item label="统一设置快递公司">
              <Select
                aria-label="统一设置快递公司"
                options={options}
                placeholder="选择后填入每一行"
                showSearch={{ optionFilterProp: 'label' }}
                onChange={(code: string) => {
                  for (const row of rows) form.setFieldValue(['orders', row.orderNo, 'courierCode'], code);
                }}
                className="filter-select"
              />
            </Form.Item>
          )}
          <Table<ShipManyRow>
            rowKey="orderNo"
            columns={columns}
            dataSource={rows}
            pagination={false}
            size="small"
            scroll={screens.sm ? { x: 580 } : undefined}
            locale={{ emptyText: '所选订单都没有待发货的包裹' }}
          />
        </Space>
      )}
    </FormModal>
  );
}
