import { PlusOutlined } from '@ant-design/icons';
import { type HomeBlock, TemplateName } from '@shop/domain';
import { Button, Card, Col, Dropdown, Empty, Form, Row, Space, Spin } from 'antd';
import { useState } from 'react';
import { LoadFailed } from '@/components/load-failed';
import { useTemplate } from '@/features/content/api/content';
import { BLOCK_LABELS, HomeBlockCard, newBlock } from '@/features/content/components/home-block-editor';
import { HomePreviewFrame } from '@/features/content/components/home-preview';
import { TemplateActions, TemplateStatus } from '@/features/content/components/template-actions';

interface HomeForm {
  blocks: HomeBlock[];
}

/**
 * The template as the storefront should read it: a floor with goods picked shows exactly those goods (its other
 * conditions go), and one without keeps its conditions (an empty pick would match nothing).
 */
export function cleanHomeTemplate(blocks: readonly HomeBlock[]): HomeBlock[] {
  return blocks.map((block) => {
    if (block.tmpKey !== 'goodsFloor') return block;
    const { goodsIds, ...conditions } = block.query;
    return { ...block, query: goodsIds && goodsIds.length > 0 ? { goodsIds } : conditions };
  });
}

/**
 * 首页装修 (content.edit): the home template's blocks edited as forms beside a live preview of the real home page,
 * saved as a draft the storefront never serves, then published (or thrown away).
 */
export default function HomeEditorPage() {
  const template = useTemplate(TemplateName.home);
  const data = template.data;
  if (template.isError)
    return <LoadFailed title="首页模板加载失败" error={template.error} retry={template.refetch} />;
  if (!data)
    return (
      <Card title="首页装修">
        <Spin description="正在加载首页模板…" />
      </Card>
    );
  const start = (data.draft ?? data.published ?? []) as HomeBlock[];
  // A new server state (saved, published, discarded) starts the form afresh from it.
  return <HomeEditor key={`${data.draftAt}-${data.publishedAt}`} initial={start} />;
}

function HomeEditor({ initial }: { initial: HomeBlock[] }) {
  const [form] = Form.useForm<HomeForm>();
  const template = useTemplate(TemplateName.home);
  const [blocks, setBlocks] = useState<HomeBlock[]>(initial);
  const [dirty, setDirty] = useState(false);
  const view = template.data;

  const current = (): HomeBlock[] => cleanHomeTemplate((form.getFieldsValue(true) as HomeForm).blocks ?? []);
  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} xl={11}>
        <Card
          title="首页装修"
          extra={
            <TemplateActions
              name={TemplateName.home}
              view={view}
              dirty={dirty}
              read={async () => {
                await form.validateFields();
                return current();
              }}
            />
          }
        >
          <TemplateStatus view={view} />
          <Form<HomeForm>
            form={form}
            name="home"
            layout="vertical"
            initialValues={{ blocks: initial }}
            onValuesChange={() => {
              setDirty(true);
              setBlocks(current());
            }}
          >
            <Form.List name="blocks">
              {(fields, { add, remove, move }) => (
                <Space orientation="vertical" className="full-width">
                  {fields.length === 0 && <Empty description="首页还没有区块，先添加一个" />}
                  {fields.map((field, index) => (
                    <HomeBlockCard
                      key={field.key}
                      index={index}
                      count={fields.length}
                      block={form.getFieldValue(['blocks', index]) as HomeBlock | undefined}
                      move={(from, to) => {
                        move(from, to);
                        setDirty(true);
                        setBlocks(current());
                      }}
                      remove={(at) => {
                        remove(at);
                        setDirty(true);
                        setBlocks(current());
                      }}
                    />
                  ))}
                  <Dropdown
                    menu={{
                      items: Object.entries(BLOCK_LABELS).map(([key, label]) => ({ key, label })),
                      onClick: ({ key }) => {
                        add(newBlock(key as HomeBlock['tmpKey']));
                        setDirty(true);
                        setBlocks(current());
                      },
                    }}
                  >
                    <Button type="dashed" block icon={<PlusOutlined />}>
                      添加区块
                    </Button>
                  </Dropdown>
                </Space>
              )}
            </Form.List>
          </Form>
        </Card>
      </Col>
      <Col xs={24} xl={13}>
        <Card title="预览" extra={<span className="field-hint">商城首页的真实样子，含未保存的修改</span>}>
          <HomePreviewFrame template={blocks} />
        </Card>
      </Col>
    </Row>
  );
}
