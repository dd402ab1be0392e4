/**
 * Full page navigations (reload after login/logout, spec §4). Kept behind one object so the
 * timing rules can be tested without leaving the page.
 */
export const page = {
  reload(): void {
    window.location.reload();
  },
  assign(url: string): void {
    window.location.assign(url);
  },
};
