import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SignInInput, SignInResponse } from '@envios/contracts/accounts';
import { apiRequest } from '@/lib/api-client';
import { getMeQueryOptions } from './get-me';

/** `POST /login`: the server also sets the httpOnly session cookie the app uses from then on. */
export function signIn(input: SignInInput): Promise<SignInResponse> {
  return apiRequest<SignInResponse>('/api/v1/login', { method: 'POST', body: input });
}

export function useSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signIn,
    onSuccess: async () => {
      // Earlier answers belonged to the signed-out visitor.
      queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== 'site' && q.queryKey[0] !== 'geography' });
      await queryClient.fetchQuery(getMeQueryOptions());
    },
  });
}
