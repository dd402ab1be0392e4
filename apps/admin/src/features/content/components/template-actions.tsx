import type { AdminTemplateResponse, TemplateName } from '@shop/domain';
import { Alert, Button, Popconfirm, Space } from 'antd';
import { formatTime } from '@/lib/date';
import { useTemplateAction } from '../api/content';

/**
 * A template's 保存草稿 / 发布 / 放弃草稿 and where it stands. `read` gives the template on screen (validated),
 * or throws to stop; publishing saves it first when it changed since the draft.
 */
export function TemplateActions({
  name,
  view,
  dirty,
  read,
}: {
  name: TemplateName;
  view: AdminTemplateResponse | undefined;
  dirty: boolean;
  read: () => Promise<unknown>;
}) {
  const { save, publish, discard } = useTemplateAction(name);
  const busy = save.isPending || publish.isPending || discard.isPending;
  const saveDraft = async () => save.mutateAsync(await read());
  const saveAndPublish = async () => {
    if (dirty || !view?.draft) await saveDraft();
    await publish.mutateAsync();
  };
  return (
    <Space wrap>
      <Button onClick={() => void saveDraft().catch(() => {})} loading={save.isPending} disabled={busy}>
        保存草稿
      </Button>
      <Popconfirm
        placement="bottomRight"
        title="发布后商城立即显示这个版本"
        okText="发布"
        cancelText="取消"
        onConfirm={() => saveAndPublish().catch(() => {})}
      >
        <Button type="primary" loading={publish.isPending} disabled={busy}>
          发布
        </Button>
      </Popconfirm>
      <Popconfirm
        placement="bottomRight"
        title="放弃草稿，回到已发布的版本？"
        okText="放弃"
        cancelText="取消"
        onConfirm={() => discard.mutate()}
      >
        <Button danger loading={discard.isPending} disabled={busy || !view?.draft}>
          放弃草稿
        </Button>
      </Popconfirm>
    </Space>
  );
}

/** Whether the screen shows a waiting draft or the published template. */
export function TemplateStatus({ view }: { view: AdminTemplateResponse | undefined }) {
  return (
    <Alert
      className="form-alert"
      type={view?.draft ? 'warning' : 'info'}
      showIcon
      title={
        view?.draft
          ? `草稿未发布（${view.draftBy ?? ''} 保存于 ${view.draftAt ? formatTime(view.draftAt) : ''}）：商城仍显示已发布的版本`
          : `正在编辑已发布的版本${view?.publishedAt ? `（发布于 ${formatTime(view.publishedAt)}）` : ''}`
      }
    />
  );
}
