import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { Endpoint, EndpointInput } from '@store/domain/contract/endpoint';
import { call } from '../../../lib/api-client';

/**
 * The console's two shapes of call, typed by the contract (packages/domain/src/contract/admin-*.ts): a read keyed
 * under 'admin', and a change that refreshes every console read (lists and details stay in step). The files beside
 * this one give each endpoint its fetcher and hook; no component names a path.
 */
export const adminKey = (e: Endpoint, input: unknown) => ['admin', e.path, input ?? {}] as const;

export const fetchAdmin = async <E extends Endpoint>(e: E, input?: EndpointInput<E>) => (await call(e, input)).data;

/** A read; `null` input waits (a detail page for a new record reads nothing). Lists keep their page while the next loads. */
export function useAdminQuery<E extends Endpoint>(e: E, input: EndpointInput<E> | null, opts: { list?: boolean } = {}) {
  return useQuery({
    queryKey: adminKey(e, input),
    queryFn: () => fetchAdmin(e, input ?? undefined),
    enabled: input !== null,
    retry: false,
    ...(opts.list ? { placeholderData: keepPreviousData } : {}),
  });
}

type BodyIn<E extends Endpoint> = E['body'] extends z.ZodType ? z.input<E['body']> : void;
type ParamsIn<E extends Endpoint> = E['params'] extends z.ZodType ? z.input<E['params']> : undefined;

/** A change of endpoint E (its path parameters given here, its body to mutate); refreshes every console read. */
export function useAdminMutation<E extends Endpoint>(e: E, params?: ParamsIn<E>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: BodyIn<E>) => fetchAdmin(e, { params, body } as unknown as EndpointInput<E>),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['admin'] }),
  });
}
