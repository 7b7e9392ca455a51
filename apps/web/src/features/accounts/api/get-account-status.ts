import { queryOptions } from '@tanstack/react-query';
import { accountErrorCodes, type User } from '@envios/contracts/accounts';
import { ApiRequestError, apiRequest } from '@/lib/api-client';
import { mayHaveSession } from './get-me';

/**
 * Whether the person may buy right now (only active accounts pick a service).
 * `getMe` folds 401 and 403 into "signed out"; buying needs to tell them apart, so that an account
 * pending approval, locked whole, or blocked from buying ('Bloquear compras': signed in, may
 * quote) hears why instead of being sent to sign in again.
 */
export type AccountStatus = 'signed-out' | 'active' | 'inactive' | 'locked' | 'purchases-blocked';

export async function getAccountStatus({ signal }: { signal?: AbortSignal } = {}): Promise<AccountStatus> {
  if (!mayHaveSession()) return 'signed-out';
  try {
    const user = await apiRequest<User>('/api/v1/me', signal ? { signal } : {});
    if (user.locked) return 'locked';
    if (!user.active) return 'inactive';
    return user.purchasesBlocked ? 'purchases-blocked' : 'active';
  } catch (error) {
    if (!(error instanceof ApiRequestError)) throw error;
    if (error.status === 401) return 'signed-out';
    if (error.body.code === accountErrorCodes.locked) return 'locked';
    if (error.body.code === accountErrorCodes.inactive) return 'inactive';
    throw error;
  }
}

/** Always asked afresh: an admin may have just approved or locked the account. */
export function getAccountStatusQueryOptions() {
  return queryOptions({
    queryKey: ['accounts', 'status'],
    queryFn: ({ signal }) => getAccountStatus({ signal }),
    staleTime: 0,
    retry: 0,
  });
}
