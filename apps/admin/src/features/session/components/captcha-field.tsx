import { type CaptchaResponse, captchaCodeInputSchema } from '@shop/domain';
import type { UseQueryResult } from '@tanstack/react-query';
import { Form, Input } from 'antd';
import { zodRule } from '@/lib/zod-rule';

/** The picture captcha of the login form: its answer field and the picture, which a click replaces. */
export function CaptchaField({ captcha }: { captcha: UseQueryResult<CaptchaResponse> }) {
  const { data, isError, isFetching, refetch } = captcha;
  return (
    <Form.Item label="验证码" required>
      <div className="captcha-row">
        <Form.Item name="captchaCode" noStyle rules={[zodRule(captchaCodeInputSchema)]}>
          <Input placeholder="请输入图中字符" autoComplete="off" maxLength={16} aria-label="验证码" />
        </Form.Item>
        <button
          type="button"
          className="captcha-image"
          onClick={() => void refetch()}
          disabled={isFetching}
          title="看不清？换一张"
          aria-label="看不清？换一张验证码"
        >
          {data ? (
            <img src={data.image} alt="验证码图片" width={120} height={40} />
          ) : (
            <span>{isError ? '点击重新获取' : '加载中…'}</span>
          )}
        </button>
      </div>
    </Form.Item>
  );
}
