import { ArrowLeftOutlined } from '@ant-design/icons';
import { countryLabel } from '@shop/domain';
import { Button, Card, Col, Descriptions, Result, Row, Skeleton, Space } from 'antd';
import { Link, useParams } from 'react-router';
import { LoadFailed } from '@/components/load-failed';
import { useApplication } from '@/features/supplier-applications/api/get-application';
import { NoteForm } from '@/features/supplier-applications/components/note-form';
import { NoteTimeline } from '@/features/supplier-applications/components/note-timeline';
import { SupplierStatusTag } from '@/features/supplier-applications/components/status-tag';
import { formatTime } from '@/lib/date';
import { paths } from '@/lib/paths';

const LANGUAGES: Record<string, string> = { zh: '中文', en: '英文' };

/** One application: what the company told the shop on the left, the contact history and the next step on the right. */
export default function SupplierApplicationDetailPage() {
  const id = Number(useParams().id);
  const valid = Number.isInteger(id) && id > 0;
  const application = useApplication(valid ? id : 0);
  const back = (
    <Link to={paths.page('supplier-applications')}>
      <Button icon={<ArrowLeftOutlined />}>返回申请列表</Button>
    </Link>
  );

  if (!valid) return <Result status="404" title="供应商申请不存在" extra={back} />;
  if (application.isError)
    return <LoadFailed title="供应商申请加载失败" error={application.error} retry={application.refetch} />;
  if (!application.data)
    return (
      <Card>
        <Skeleton active paragraph={{ rows: 8 }} />
      </Card>
    );

  const a = application.data;
  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} xl={14}>
        <Card
          title={
            <Space wrap>
              <span>
                #{a.id} {a.company}
              </span>
              <SupplierStatusTag status={a.status} />
            </Space>
          }
          extra={back}
        >
          <Descriptions bordered size="small" column={1}>
            <Descriptions.Item label="公司名称">{a.company}</Descriptions.Item>
            <Descriptions.Item label="联系人">{a.contact}</Descriptions.Item>
            <Descriptions.Item label="电话">{a.phone}</Descriptions.Item>
            <Descriptions.Item label="邮箱">{a.email}</Descriptions.Item>
            <Descriptions.Item label="所在国家">{countryLabel(a.country)}</Descriptions.Item>
            <Descriptions.Item label="发货仓国家">
              {a.warehouseCountries.map((c) => countryLabel(c)).join('、')}
            </Descriptions.Item>
            <Descriptions.Item label="主营品类">{a.categories}</Descriptions.Item>
            <Descriptions.Item label="品牌">{a.brands || '—'}</Descriptions.Item>
            <Descriptions.Item label="留言">
              <div className="supplier-note">{a.message || '—'}</div>
            </Descriptions.Item>
            <Descriptions.Item label="提交语言">
              {LANGUAGES[a.lang] ?? a.lang}（请用此语言回复）
            </Descriptions.Item>
            <Descriptions.Item label="提交时间">{formatTime(a.createTime)}</Descriptions.Item>
            <Descriptions.Item label="状态变更时间">{formatTime(a.statusChangeTime)}</Descriptions.Item>
            <Descriptions.Item label="来源地址">{a.clientAddress}</Descriptions.Item>
          </Descriptions>
        </Card>
      </Col>
      <Col xs={24} xl={10}>
        <Card title={`联系记录（${a.notes.length}）`}>
          <NoteTimeline notes={a.notes} />
        </Card>
        <Card title="添加联系记录" style={{ marginTop: 16 }}>
          <NoteForm key={a.id} id={a.id} status={a.status} />
        </Card>
      </Col>
    </Row>
  );
}
