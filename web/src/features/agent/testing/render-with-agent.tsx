import { ChakraProvider, defaultSystem } from '@chakra-ui/react';
import { render, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { createActor } from 'xstate';
import { i18n } from '../../../lib/i18n.ts';
import { AgentProvider } from '../agent-context.tsx';
import { agentMachine, agentPhase, type AgentActorRef } from '../agent-machine.ts';
import type { AgentStorage } from '../agent-settings.ts';
import { FakeAgentSocket, READY_STATUS, helloResult } from './fake-agent-socket.ts';

/** Test code only: an agent actor on the fake socket, with the token kept in memory. */
export function createTestAgent(token: string | null = null): AgentActorRef {
  const state = { token };
  const storage: AgentStorage = {
    load: async () => ({ url: 'ws://127.0.0.1:17900/ws', token: state.token }),
    saveToken: (next) => {
      state.token = next;
    },
    forgetToken: () => {
      state.token = null;
    },
  };
  const actor = createActor(agentMachine, { input: { webSocket: FakeAgentSocket, storage } });
  actor.start();
  return actor;
}

/** Connects the test agent and answers its hello (paired or not) and the status request. */
export async function connectTestAgent(actor: AgentActorRef, paired: boolean): Promise<FakeAgentSocket> {
  const before = FakeAgentSocket.instances.length;
  actor.send({ type: 'CONNECT' });
  await waitFor(() => {
    if (FakeAgentSocket.instances.length === before) throw new Error('no socket yet');
  });
  const socket = FakeAgentSocket.latest();
  socket.open();
  socket.reply('hello', helloResult(paired));
  await waitFor(() => {
    if (agentPhase(actor.getSnapshot()) !== (paired ? 'ready' : 'pairing')) throw new Error('not there yet');
  });
  if (paired) socket.reply('printer-status', { printers: [{ printerId: 'sim', status: READY_STATUS }] });
  return socket;
}

export function renderWithAgent(actor: AgentActorRef, ui: ReactNode) {
  return render(
    <ChakraProvider value={defaultSystem}>
      <I18nextProvider i18n={i18n}>
        <AgentProvider actor={actor}>{ui}</AgentProvider>
      </I18nextProvider>
    </ChakraProvider>,
  );
}
