/** Query keys of the member feature (docs/conventions.md key factory). */
export const memberKeys = {
  all: ['member'] as const,
  current: () => [...memberKeys.all, 'current'] as const,
  /** One QR code for sign-in or binding; `round` is bumped to ask for a fresh one. */
  qrCode: (purpose: 'login' | 'bind', round: number) =>
    [...memberKeys.all, 'qrCode', purpose, round] as const,
  qrScan: (ticket: string) => [...memberKeys.all, 'qrScan', ticket] as const,
  wechatBinding: () => [...memberKeys.all, 'wechatBinding'] as const,
  /** Which notices go by e-mail and SMS (#31), on /member/settings. */
  noticePrefs: () => [...memberKeys.all, 'noticePrefs'] as const,
  /** Whether a one-time reset link can still be used (/password-reset). */
  resetLink: (token: string) => [...memberKeys.all, 'resetLink', token] as const,
};
