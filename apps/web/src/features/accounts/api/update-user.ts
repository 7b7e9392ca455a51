import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UpdateUserInput, User } from '@envios/contracts/accounts';
import { apiRequest } from '@/lib/api-client';
import { readAgainAfterChange } from '@/lib/query-keys';
import { getMeQueryOptions } from './get-me';
import { getUserQueryOptions } from './get-user';
import { getUsersQueryKeyRoot } from './get-users';

/** `PUT /users/{id}` with one of the spec's variants. */
export function updateUser({ id, data }: { id: string; data: UpdateUserInput }): Promise<User> {
  return apiRequest<User>(`/api/v1/users/${encodeURIComponent(id)}`, { method: 'PUT', body: data });
}

export function useUpdateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateUser,
    onSuccess: (user) => {
      queryClient.setQueryData(getUserQueryOptions(user._id).queryKey, user);
      const me = queryClient.getQueryData(getMeQueryOptions().queryKey);
      if (me && me._id === user._id) queryClient.setQueryData(getMeQueryOptions().queryKey, user);
      void readAgainAfterChange(queryClient, [getUsersQueryKeyRoot]);
    },
  });
}
