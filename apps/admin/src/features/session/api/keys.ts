/** Query keys of the staff member's own session; the token is in the key, so another sign-in reads afresh. */
export const sessionKeys = {
  all: ['session'] as const,
  current: (token: string) => [...sessionKeys.all, 'current', token] as const,
  captcha: () => [...sessionKeys.all, 'captcha'] as const,
  totpSetup: (token: string) => [...sessionKeys.all, 'totp-setup', token] as const,
};
