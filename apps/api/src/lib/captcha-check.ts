/** The picture captcha's answer as a request carries it: both parts, or none when the form showed no picture. */
export interface CaptchaAnswer {
  captchaId?: string | undefined;
  captchaCode?: string | undefined;
}

/** What a refused answer says (the supplier page has its English words), and the data that goes with it. */
export interface CaptchaCheckOptions {
  messages?: { required: string; failed: string };
  data?: unknown;
}

/**
 * The one captcha rule (the captcha module's `check`, wired in services.ts), as every module that asks for a
 * captcha receives it: no answer is SmsNeedImageVerify 403, a wrong one ImageVerifyFailed 404 (spec §8).
 */
export interface CaptchaCheck {
  check(answer: CaptchaAnswer, options?: CaptchaCheckOptions): Promise<void>;
}
