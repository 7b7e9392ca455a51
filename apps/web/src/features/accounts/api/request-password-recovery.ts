import { useMutation } from '@tanstack/react-query';
import type { PasswordRecoveryInput } from '@envios/contracts/accounts';
import { apiRequest } from '@/lib/api-client';

/** `POST /password-recovery`: mails a single-use link valid for one hour. */
export function requestPasswordRecovery(input: PasswordRecoveryInput): Promise<{ message: string }> {
  return apiRequest('/api/v1/password-recovery', { method: 'POST', body: input });
}

export function useRequestPasswordRecovery() {
  return useMutation({ mutationFn: requestPasswordRecovery });
}
