import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/** `POST /password-recovery/{token}`: sets the new password with the mailed link. */
export function resetPassword({ token, password }: { token: string; password: string }): Promise<{ message: string }> {
  return apiRequest(`/api/v1/password-recovery/${encodeURIComponent(token)}`, { method: 'POST', body: { password } });
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
