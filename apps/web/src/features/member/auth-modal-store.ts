import { create } from 'zustand';

export type AuthTab = 'login' | 'sms' | 'qr' | 'register';

interface AuthModalState {
  open: boolean;
  tab: AuthTab;
}

/** Whether the login/register dialog is open, and on which tab. */
export const useAuthModal = create<AuthModalState>(() => ({ open: false, tab: 'login' }));

export function openAuthModal(tab: AuthTab = 'login'): void {
  useAuthModal.setState({ open: true, tab });
}

export function closeAuthModal(): void {
  useAuthModal.setState({ open: false });
}

/** Starts downloading the dialog's code before the click, so it opens without a wait. */
export function preloadAuthModal(): Promise<unknown> {
  return import('./components/auth-modal');
}
