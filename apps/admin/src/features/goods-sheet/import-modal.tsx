import { InboxOutlined } from '@ant-design/icons';
import {
  type AdminGoodsImportResponse,
  AdminGoodsSheetPaths,
  GOODS_SHEET_MAX_BYTES,
  type ImportPreviewRow,
  skuStatusLabel,
} from '@shop/domain';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Descriptions, Modal, Progress, Result, Space, Table, Typography, Upload } from 'antd';
import { useState } from 'react';
import { isApiError } from '@/lib/api-client';
import { notify } from '@/lib/notify';
import { uploadWithProgress } from '@/lib/transfer';

/** Where the import stands: a file chosen and checked (dry run), then written. */
type Stage =
  | { step: 'choose' }
  | { step: 'checking' | 'writing'; file: File; sent: number }
  | { step: 'checked'; file: File; result: AdminGoodsImportResponse }
  | { step: 'done'; result: AdminGoodsImportResponse }
  | { step: 'refused'; file: File; errors: string[]; message: string };

function send(file: File, dryRun: boolean, onProgress: (sent: number) => void) {
  const form = new FormData();
  form.append('dryRun', String(dryRun));
  form.append('file', file);
  return uploadWithProgress(AdminGoodsSheetPaths.import, form, onProgress);
}

function Summary({ result }: { result: AdminGoodsImportResponse }) {
  const s = result.summary;
  if (!s) return null;
  return (
    <Descriptions size="small" column={{ xs: 1, sm: 2 }} bordered>
      <Descriptions.Item label="SKU 行数">{result.rows}</Descriptions.Item>
      <Descriptions.Item label="商品">
        新增 {s.goodsCreated}，更新 {s.goodsUpdated}
      </Descriptions.Item>
      <Descriptions.Item label="SKU">
        新增 {s.skusCreated}，更新 {s.skusUpdated}
      </Descriptions.Item>
      <Descriptions.Item label="新品牌 / 新分类">
        {s.brandsCreated} / {s.categoriesCreated}
      </Descriptions.Item>
      <Descriptions.Item label="价格">
        设置 {s.pricesSet}，删除 {s.pricesRemoved}
      </Descriptions.Item>
    </Descriptions>
  );
}

function Problems({ errors }: { errors: readonly string[] }) {
  return (
    <Alert
      type="error"
      showIcon
      title={`共 ${errors.length} 处问题，改好表格后重新选择文件；有问题时不会写入任何数据`}
      description={
        <ul className="import-errors" aria-label="导入问题">
          {errors.map((e) => (
            <li key={e}>{e}</li>
          ))}
        </ul>
      }
    />
  );
}

/**
 * 导入商品表: choose an .xlsx or .csv, see it checked at once (a dry run: every row's problem, or what would
 * change and the first rows as read), then import it, all or nothing. The bar shows the file being sent; the
 * server then checks or writes it in one go.
 */
export function ImportModal({ onClose }: { onClose: () => void }) {
  const [stage, setStage] = useState<Stage>({ step: 'choose' });
  const queryClient = useQueryClient();
  const busy = stage.step === 'checking' || stage.step === 'writing';

  const check = async (file: File) => {
    setStage({ step: 'checking', file, sent: 0 });
    try {
      const result = await send(file, true, (sent) => setStage({ step: 'checking', file, sent }));
      setStage({ step: 'checked', file, result });
    } catch (error) {
      setStage({ step: 'choose' });
      notify.error(isApiError(error) ? error.message : '试运行失败，请重试');
    }
  };
  const write = async (file: File) => {
    setStage({ step: 'writing', file, sent: 0 });
    try {
      const result = await send(file, false, (sent) => setStage({ step: 'writing', file, sent }));
      setStage({ step: 'done', result });
      notify.success(`导入完成：${result.rows} 行`);
      await queryClient.invalidateQueries({ queryKey: ['goods'] });
      await queryClient.invalidateQueries({ queryKey: ['catalogue'] });
    } catch (error) {
      const errors = isApiError(error)
        ? ((error.data as { errors?: string[] } | undefined)?.errors ?? [])
        : [];
      setStage({
        step: 'refused',
        file,
        errors,
        message: isApiError(error) ? error.message : '导入失败，请重试',
      });
    }
  };

  const footer =
    stage.step === 'checked' ? (
      <Space>
        <Button onClick={() => setStage({ step: 'choose' })}>重新选择</Button>
        <Button
          type="primary"
          disabled={stage.result.errors.length > 0}
          onClick={() => void write(stage.file)}
        >
          确认导入
        </Button>
      </Space>
    ) : stage.step === 'done' ? (
      <Button type="primary" onClick={onClose}>
        完成
      </Button>
    ) : (
      <Button onClick={onClose} disabled={busy}>
        {stage.step === 'refused' ? '关闭' : '取消'}
      </Button>
    );

  return (
    <Modal
      open
      title="导入商品表"
      width={880}
      footer={footer}
      onCancel={busy ? undefined : onClose}
      closable={!busy}
      maskClosable={false}
      destroyOnHidden
    >
      {stage.step === 'choose' && (
        <Space orientation="vertical" className="full-width">
          <Typography.Paragraph type="secondary">
            每行一个 SKU，格式与「导出」的表格相同（见
            docs/catalogue-import.md）。先试运行检查每一行，确认后再导入；有一处问题就不会写入任何数据。
          </Typography.Paragraph>
          <Upload.Dragger
            accept=".xlsx,.csv"
            showUploadList={false}
            beforeUpload={(file) => {
              if (!/\.(xlsx|csv)$/i.test(file.name)) notify.error('仅支持 .xlsx 或 .csv 文件');
              else if (file.size > GOODS_SHEET_MAX_BYTES)
                notify.error(`文件不能超过 ${GOODS_SHEET_MAX_BYTES / 1024 / 1024} MB`);
              else void check(file);
              return false;
            }}
          >
            <p className="ant-upload-drag-icon">
              <InboxOutlined />
            </p>
            <p className="ant-upload-text">点击或拖入 .xlsx / .csv 文件</p>
          </Upload.Dragger>
        </Space>
      )}
      {busy && (
        <Space orientation="vertical" className="full-width" aria-live="polite">
          <Typography.Text>
            {stage.file.name}：
            {stage.sent < 1 ? '正在上传' : stage.step === 'checking' ? '正在逐行检查…' : '正在写入…'}
          </Typography.Text>
          <Progress
            // Sending fills the bar to 90 %; the server's check or write is the rest.
            percent={stage.sent < 1 ? Math.round(stage.sent * 90) : 95}
            status="active"
            aria-label="导入进度"
          />
        </Space>
      )}
      {stage.step === 'checked' && (
        <Space orientation="vertical" className="full-width">
          <Typography.Text strong>试运行：{stage.file.name}</Typography.Text>
          {stage.result.errors.length > 0 ? (
            <Problems errors={stage.result.errors} />
          ) : (
            <>
              <Alert type="success" showIcon title={`检查通过：${stage.result.rows} 行可以导入，尚未写入`} />
              <Summary result={stage.result} />
            </>
          )}
          {stage.result.preview.length > 0 && (
            <Table<ImportPreviewRow>
              size="small"
              rowKey="row"
              dataSource={stage.result.preview}
              pagination={{ pageSize: 10, showSizeChanger: false }}
              scroll={{ x: 1080 }}
              caption={
                stage.result.rows > stage.result.preview.length
                  ? `前 ${stage.result.preview.length} 行（共 ${stage.result.rows} 行）`
                  : undefined
              }
              columns={[
                { title: '行', dataIndex: 'row', width: 56 },
                { title: '商品编码', dataIndex: 'goodsCode', width: 140 },
                { title: '商品名称', dataIndex: 'name', width: 220 },
                { title: 'SKU 编码', dataIndex: 'skuCode', width: 150 },
                { title: '属性', dataIndex: 'property', width: 120 },
                { title: '状态', dataIndex: 'status', width: 90, render: (v: number) => skuStatusLabel(v) },
                { title: '库存', dataIndex: 'stock', width: 64 },
                { title: '价格', dataIndex: 'prices', width: 220 },
              ]}
            />
          )}
        </Space>
      )}
      {stage.step === 'done' && (
        <Result
          status="success"
          title="导入完成"
          subTitle={`${stage.result.rows} 行已写入`}
          extra={<Summary result={stage.result} />}
        />
      )}
      {stage.step === 'refused' && (
        <Space orientation="vertical" className="full-width">
          <Alert type="error" showIcon title={stage.message} />
          {stage.errors.length > 0 && <Problems errors={stage.errors} />}
          <Button onClick={() => setStage({ step: 'choose' })}>重新选择文件</Button>
        </Space>
      )}
    </Modal>
  );
}
