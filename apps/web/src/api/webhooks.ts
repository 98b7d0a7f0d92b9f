/**
 * Webhook endpoints (issue 32): the organisation's (administrators) or one strategy's (its
 * masters), their changes, and each endpoint's delivery log. Every change reads the lists again.
 */
import type { CreateWebhookRequest, UpdateWebhookRequest, WebhookDeliveryList } from '@keystone/contract';
import { webhooksApi } from '@keystone/contract/endpoints/webhooks';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { apiRequest } from './client';

/** Whose endpoints: the organisation's, or one strategy's. */
export type WebhookOwner = { strategyId: number | null };

const webhooksKey = ['webhooks'] as const;
const allEndpointsKey = [...webhooksKey, 'endpoints'] as const;
const endpointsKey = (owner: WebhookOwner) => [...allEndpointsKey, owner.strategyId] as const;
const deliveriesKey = (endpointId: number) => [...webhooksKey, 'deliveries', endpointId] as const;

/** While a delivery waits for its next try the log is read again this often, so it shows the outcome. */
const PENDING_POLL_MS = 3000;

export function useWebhookEndpoints(owner: WebhookOwner) {
  return useQuery({
    queryKey: endpointsKey(owner),
    queryFn: () =>
      owner.strategyId === null
        ? apiRequest(webhooksApi.organisationList, {})
        : apiRequest(webhooksApi.strategyList, { params: { id: owner.strategyId } }),
  });
}

function useWebhookMutation<T, A>(mutationFn: (argument: A) => Promise<T>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () => queryClient.invalidateQueries({ queryKey: webhooksKey }),
  });
}

/** Answers the new endpoint and, for a standard one, its secret: shown once. */
export function useCreateWebhook(owner: WebhookOwner) {
  return useWebhookMutation((body: CreateWebhookRequest) =>
    owner.strategyId === null
      ? apiRequest(webhooksApi.organisationCreate, { body })
      : apiRequest(webhooksApi.strategyCreate, { params: { id: owner.strategyId }, body }),
  );
}

export function useUpdateWebhook() {
  return useWebhookMutation(({ id, change }: { id: number; change: UpdateWebhookRequest }) =>
    apiRequest(webhooksApi.update, { params: { id }, body: change }),
  );
}

export function useDeleteWebhook() {
  return useWebhookMutation(
    async (id: number) => (await apiRequest(webhooksApi.remove, { params: { id } })).detail,
  );
}

export function useRotateWebhookSecret() {
  return useWebhookMutation((id: number) => apiRequest(webhooksApi.rotateSecret, { params: { id } }));
}

export function useSendTestEvent() {
  return useWebhookMutation(
    async (id: number) => (await apiRequest(webhooksApi.test, { params: { id } })).detail,
  );
}

export function useResendDelivery() {
  return useWebhookMutation(
    async (id: number) => (await apiRequest(webhooksApi.resend, { params: { id } })).detail,
  );
}

const hasPending = (pages: readonly WebhookDeliveryList[]) =>
  pages.some((page) => page.deliveries.some((delivery) => delivery.status === 'pending'));

/**
 * Newest first, a page at a time ("Show older"); read again while a delivery is still being tried.
 * A try seen here may have changed its endpoint (failing since, switched off): the list is read again.
 */
export function useWebhookDeliveries(endpointId: number) {
  const queryClient = useQueryClient();
  const log = useInfiniteQuery({
    queryKey: deliveriesKey(endpointId),
    queryFn: ({ pageParam }) =>
      apiRequest(webhooksApi.deliveries, {
        params: { id: endpointId },
        query: pageParam === null ? {} : { before: pageParam },
      }),
    initialPageParam: null as number | null,
    getNextPageParam: (page) => page.next_before,
    refetchInterval: (query) => (hasPending(query.state.data?.pages ?? []) ? PENDING_POLL_MS : false),
  });
  const tries = log.data?.pages
    .flatMap((page) => page.deliveries.map((delivery) => `${delivery.id}:${delivery.attempts}`))
    .join();
  const seenTries = useRef(tries);
  useEffect(() => {
    if (seenTries.current !== undefined && tries !== seenTries.current) {
      void queryClient.invalidateQueries({ queryKey: allEndpointsKey });
    }
    seenTries.current = tries;
  }, [tries, queryClient]);
  return log;
}
