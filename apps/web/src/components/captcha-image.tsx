import type { CaptchaResponse } from '@shop/domain';
import type { UseQueryResult } from '@tanstack/react-query';

/** What the captcha button says; Chinese unless the page is in another language. */
export interface CaptchaImageTexts {
  refresh: string;
  alt: string;
  loading: string;
  retry: string;
}

const CHINESE: CaptchaImageTexts = {
  refresh: '看不清？点击换一张验证码',
  alt: '验证码',
  loading: '加载中…',
  retry: '点击重新获取',
};

/** The picture captcha of a form; a click fetches a new one. */
export function CaptchaImage({
  captcha,
  texts = CHINESE,
}: {
  captcha: UseQueryResult<CaptchaResponse>;
  texts?: CaptchaImageTexts;
}) {
  const { data, isError, isFetching, refetch } = captcha;
  return (
    <button
      type="button"
      className="captcha-image"
      onClick={() => void refetch()}
      disabled={isFetching}
      title={texts.refresh}
      aria-label={texts.refresh}
    >
      {data ? (
        <img src={data.image} alt={texts.alt} width={120} height={40} />
      ) : (
        <span className="captcha-placeholder">{isError ? texts.retry : texts.loading}</span>
      )}
    </button>
  );
}
