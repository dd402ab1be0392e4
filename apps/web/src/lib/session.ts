import { create } from 'zustand';
import { clearToken, getToken, readLocal, removeLocal, saveToken, writeLocal } from './storage';

/**
 * Kept beside the token while staff's password reset holds the member (the login answered mustChangePassword):
 * a reload knows at once that the member's other calls would be refused, and asks none of them.
 */
const PASSWORD_CHANGE_KEY = 'shop-password-change-required';

/**
 * Who is looking at the shop: a visitor or a member (spec §6). The token itself lives in storage;
 * this store mirrors it so the header and the route guard re-render when it changes.
 */
interface SessionState {
  token: string | null;
  /** Staff reset the password: until the member sets a new one only current/, updatePwd/ and logout/ answer. */
  passwordChangeRequired: boolean;
  /** Just logged in: the member's calls wait for current/ to say whether a password change is pending. */
  awaitingMember: boolean;
}

export const useSession = create<SessionState>(() => ({
  token: getToken(),
  passwordChangeRequired: getToken() !== null && readLocal(PASSWORD_CHANGE_KEY) === '1',
  awaitingMember: false,
}));

export function useIsLoggedIn(): boolean {
  return useSession((s) => s.token !== null);
}

/**
 * Whether the member's own calls (cart, messages, addresses, the chat-app binding, live updates) may be asked:
 * a token is held and no password change is pending. A refusal we can foresee is not asked (no 403 logged).
 */
export function useMemberCallsOpen(): boolean {
  return useSession((s) => s.token !== null && !s.passwordChangeRequired && !s.awaitingMember);
}

/** Whether the member's own calls may be asked right now (outside React). */
export function memberCallsOpen(): boolean {
  const { token, passwordChangeRequired, awaitingMember } = useSession.getState();
  return token !== null && !passwordChangeRequired && !awaitingMember;
}

/** What the server said of the member's password (current/ or a PasswordChangeRequired refusal). */
export function setPasswordChangeRequired(required: boolean): void {
  if (required) writeLocal(PASSWORD_CHANGE_KEY, '1');
  else removeLocal(PASSWORD_CHANGE_KEY);
  const state = useSession.getState();
  if (state.passwordChangeRequired !== required || state.awaitingMember)
    useSession.setState({ passwordChangeRequired: required, awaitingMember: false });
}

export function hasToken(): boolean {
  return getToken() !== null;
}

/**
 * Keeps the token of a new session. After a login (`awaitMember`) the member's other calls wait until current/
 * has said whether staff's password reset holds them.
 */
export function startSession(token: string, { awaitMember = false }: { awaitMember?: boolean } = {}): void {
  saveToken(token);
  removeLocal(PASSWORD_CHANGE_KEY);
  useSession.setState({ token, passwordChangeRequired: false, awaitingMember: awaitMember });
}

export function clearSession(): void {
  clearToken();
  removeLocal(PASSWORD_CHANGE_KEY);
  useSession.setState({ token: null, passwordChangeRequired: false, awaitingMember: false });
}

/** Re-reads storage, e.g. after another tab logged in or out. */
export function syncSessionFromStorage(): void {
  useSession.setState({ token: getToken() });
}

type AfterLoginTask = () => Promise<unknown> | unknown;
const afterLoginTasks = new Set<AfterLoginTask>();

/**
 * Registers work that must run right after a login, before the page reloads
 * (spec §4 'Cart sync on login': the cart feature registers its sync here). Returns an unregister function.
 */
export function registerAfterLoginTask(task: AfterLoginTask): () => void {
  afterLoginTasks.add(task);
  return () => afterLoginTasks.delete(task);
}

/** Runs every registered task; one failing task does not stop the others or the login. */
export async function runAfterLoginTasks(): Promise<void> {
  await Promise.allSettled([...afterLoginTasks].map(async (task) => task()));
}
