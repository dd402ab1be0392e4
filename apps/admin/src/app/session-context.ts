import type { Permission, StaffSession } from '@shop/domain';
import { createContext, useContext } from 'react';

/** The signed-in staff member, for every screen inside the console's layout (app/session-gate.tsx). */
export const SessionContext = createContext<StaffSession | null>(null);

export function useSession(): StaffSession {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession outside the signed-in console');
  return session;
}

export function useCan(permission: Permission): boolean {
  return useSession().permissions.includes(permission);
}
