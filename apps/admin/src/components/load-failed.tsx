import { Button, Result } from 'antd';

/** What a screen shows in place of data that did not load: why, and a way to try again. */
export function LoadFailed({ title, error, retry }: { title: string; error: Error; retry: () => unknown }) {
  return (
    <Result
      status="error"
      title={title}
      subTitle={error.message}
      extra={<Button onClick={() => void retry()}>重试</Button>}
    />
  );
}
