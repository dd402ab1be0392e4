import { Button, Result } from 'antd';
import { Link } from 'react-router';
import { paths } from '@/lib/paths';

export default function NotFound() {
  return (
    <Result
      status="404"
      title="页面不存在"
      extra={
        <Link to={paths.home()}>
          <Button type="primary">返回首页</Button>
        </Link>
      }
    />
  );
}
