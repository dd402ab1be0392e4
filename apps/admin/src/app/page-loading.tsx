import { Spin } from 'antd';

/** A whole screen waiting for its code or its session. */
export function PageLoading() {
  return (
    <div className="console-loading">
      <Spin size="large" description="正在加载…" />
    </div>
  );
}
