import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateUserFromDashboardInput, User } from '@envios/contracts/accounts';
import { apiRequest } from '@/lib/api-client';
import { readAgainAfterChange } from '@/lib/query-keys';
import { getUsersQueryKeyRoot } from './get-users';

/** `POST /users/createFromDashboard` (admin): an active `user` account. */
export function createUserFromDashboard(input: CreateUserFromDashboardInput): Promise<User> {
  return apiRequest<User>('/api/v1/users/createFromDashboard', { method: 'POST', body: { ...input, rol: 'user' } });
}

export function useCreateUserFromDashboard() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createUserFromDashboard,
    onSuccess: () => readAgainAfterChange(queryClient, [getUsersQueryKeyRoot]),
  });
}
