import type { CaptchaResponse } from '@shop/domain';
import type { UseQueryResult } from '@tanstack/react-query';

/** The image captcha of registration; a click fetches a new one. */
export function CaptchaImage({ captcha }: { captcha: UseQueryResult<CaptchaResponse> }) {
  const { data, isError, isFetching, refetch } = captcha;
  return (
    <button
      type="button"
      className="captcha-image"
      onClick={() => void refetch()}
      disabled={isFetching}
      title="看不清？点击换一张"
      aria-label="看不清？点击换一张验证码"
    >
      {data ? (
        <img src={data.image} alt="验证码" width={120} height={40} />
      ) : (
        <span className="captcha-placeholder">{isError ? '点击重新获取' : '加载中…'}</span>
      )}
    </button>
  );
}
