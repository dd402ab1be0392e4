import { Button, Form, Space } from 'antd';

/** A filter form's 查询 (submits it) and 重置 (clears it and shows everything). */
export function FilterActions({ onReset }: { onReset: () => void }) {
  return (
    <Form.Item>
      <Space>
        <Button type="primary" htmlType="submit">
          查询
        </Button>
        <Button onClick={onReset}>重置</Button>
      </Space>
    </Form.Item>
  );
}
