import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-client';

/** The app's one TanStack Query client (app/providers.tsx provides it; features may reach it outside React). */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      refetchOnWindowFocus: false,
      retry: (count, err) => !(err instanceof ApiError && err.status >= 400 && err.status < 500) && count < 2,
    },
    mutations: { retry: false },
  },
});
