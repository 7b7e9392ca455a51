import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

export interface DemoConsent {
  app_name?: string;
  scope?: string;
  user_id?: string;
  return_url?: string;
  callback_url?: string;
  decision: 'approve' | 'deny';
}

/** `POST /api/v1/demo-store/authorize`: the demo store's consent; answers where the browser goes next. */
export function authorizeDemoStore(consent: DemoConsent): Promise<{ redirect: string }> {
  return apiRequest<{ redirect: string }>('/api/v1/demo-store/authorize', { method: 'POST', body: consent });
}

export function useAuthorizeDemoStore() {
  return useMutation({ mutationFn: authorizeDemoStore });
}
