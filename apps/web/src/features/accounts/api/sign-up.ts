import { useMutation } from '@tanstack/react-query';
import type { SignUpInput } from '@envios/contracts/accounts';
import { apiRequest } from '@/lib/api-client';

/** `POST /users`: the account starts inactive; an admin approves it. */
export function signUp(input: SignUpInput): Promise<{ _id: string; active: boolean }> {
  return apiRequest('/api/v1/users', { method: 'POST', body: { ...input, rol: 'user' } });
}

export function useSignUp() {
  return useMutation({ mutationFn: signUp });
}
