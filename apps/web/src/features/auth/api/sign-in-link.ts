import { useMutation, useQuery } from '@tanstack/react-query';
import type { TUseSignInLink } from '@store/domain/sign-in-link';
import { signInLinkPreview, signInWithLink } from '@store/domain/contract/auth-link';
import { call } from '../../../lib/api-client';

/** Who a dashboard's sign-in link is for (masked); the link stays unused. */
export const useSignInLinkPreview = (token: string) =>
  useQuery({
    queryKey: ['sign-in-link', token],
    queryFn: async () => (await call(signInLinkPreview, { query: { token } })).data,
    enabled: token !== '',
    retry: false,
  });

/** Signs in with the link (once); answers where to go. */
export const useSignInWithLink = () =>
  useMutation({ mutationFn: async (body: TUseSignInLink) => (await call(signInWithLink, { body })).data });
