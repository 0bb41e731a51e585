import { useSelector } from '@xstate/react';
import { createContext, useContext, type ReactNode } from 'react';
import { BrowserReceiptPrintHost } from './printing/browser-print.tsx';
import {
  activePrinter,
  agentPhase,
  type AgentActorRef,
  type AgentPhase,
  type AgentSnapshot,
} from './agent-machine.ts';
import { useAgentSettings } from './agent-settings.ts';
import type { PrinterInfo, PrinterStatus } from '@nine/shared/agent-protocol';

// The actor is created outside React (the app starts and stops it with the session); React only reads it.
const AgentActorContext = createContext<AgentActorRef | null>(null);

/** Gives screens the counter agent, and hosts the browser's receipt printing (the fallback). */
export function AgentProvider({ actor, children }: { actor: AgentActorRef; children: ReactNode }) {
  return (
    <AgentActorContext.Provider value={actor}>
      {children}
      <BrowserReceiptPrintHost />
    </AgentActorContext.Provider>
  );
}

/** The agent actor, or null outside an AgentProvider (screens then print in the browser only). */
export function useOptionalAgentActor(): AgentActorRef | null {
  return useContext(AgentActorContext);
}

export function useAgentActor(): AgentActorRef {
  const actor = useOptionalAgentActor();
  if (actor === null) throw new Error('useAgentActor needs an <AgentProvider>');
  return actor;
}

export function useAgentSelector<T>(selector: (snapshot: AgentSnapshot) => T): T {
  return useSelector(useAgentActor(), selector);
}

export const useAgentPhase = (): AgentPhase => useAgentSelector(agentPhase);

export interface ActivePrinter {
  printer: PrinterInfo | null;
  status: PrinterStatus | null;
}

/** The printer receipts go to and its last known status. */
export function useActivePrinter(): ActivePrinter {
  const { printerId } = useAgentSettings();
  const printer = useAgentSelector((snapshot) => activePrinter(snapshot, printerId));
  const status = useAgentSelector((snapshot) =>
    printer === null ? null : (snapshot.context.printerStatus[printer.id] ?? null),
  );
  return { printer, status };
}
