import { create } from 'zustand';
import { clearToken, getToken, saveToken } from './storage';

/**
 * Who is looking at the shop: a visitor or a member (spec §6). The token itself lives in storage;
 * this store mirrors it so the header and the route guard re-render when it changes.
 */
interface SessionState {
  token: string | null;
}

export const useSession = create<SessionState>(() => ({ token: getToken() }));

export function useIsLoggedIn(): boolean {
  return useSession((s) => s.token !== null);
}

export function hasToken(): boolean {
  return getToken() !== null;
}

export function startSession(token: string): void {
  saveToken(token);
  useSession.setState({ token });
}

export function clearSession(): void {
  clearToken();
  useSession.setState({ token: null });
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
