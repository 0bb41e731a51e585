import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AgentEndpointResponse } from '@nine/shared/schemas/agent-endpoint';
import { quietApi } from '../../../lib/api-client.ts';

/** How long the agent connection waits for the server's answer before it falls back to the default port. */
const ANNOUNCEMENT_TIMEOUT_MS = 5000;

/** Where the agent started beside the server listens (public; null when the server was not told). */
export function getAgentEndpoint({ signal }: { signal?: AbortSignal } = {}): Promise<AgentEndpointResponse> {
  // Quiet: an older server without this endpoint, or none at all, must not raise a toast.
  return quietApi.get<AgentEndpointResponse>('nine/agent-endpoint', signal === undefined ? {} : { signal });
}

/** The announced port, or null when there is none or the server does not answer in time. */
export async function fetchAnnouncedAgentPort(): Promise<number | null> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), ANNOUNCEMENT_TIMEOUT_MS);
  try {
    const { port } = await getAgentEndpoint({ signal: controller.signal });
    return typeof port === 'number' ? port : null;
  } catch {
    return null;
  } finally {
    clearTimeout(timer);
  }
}

export const agentEndpointQueryOptions = () =>
  queryOptions({
    queryKey: ['agent-endpoint'],
    queryFn: ({ signal }) => getAgentEndpoint({ signal }),
    staleTime: Infinity,
    retry: false,
  });

export function useAgentEndpoint() {
  return useQuery(agentEndpointQueryOptions());
}
