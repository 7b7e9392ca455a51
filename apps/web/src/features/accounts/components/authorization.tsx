import type { ReactNode } from 'react';
import type { Rol } from '@envios/contracts/accounts';
import { useUser } from '../api/get-me';

export interface AuthorizationProps {
  allowedRoles: Rol[];
  forbiddenFallback?: ReactNode;
  children: ReactNode;
}

/**
 * Shows its children only to the allowed roles. A convenience for the UI: the API checks the same
 * rule again on every call.
 */
export function Authorization({ allowedRoles, forbiddenFallback = null, children }: AuthorizationProps) {
  const user = useUser().data;
  if (!user || !allowedRoles.includes(user.rol)) return <>{forbiddenFallback}</>;
  return <>{children}</>;
}
