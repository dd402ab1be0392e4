/**
 * Why the console sent the staff member back to the login page (an expired session, a changed password,
 * signing out); the login page shows it, then forgets it.
 */
let notice: string | null = null;

export function setLoginNotice(text: string): void {
  notice = text;
}

export function peekLoginNotice(): string | null {
  return notice;
}

export function clearLoginNotice(): void {
  notice = null;
}
