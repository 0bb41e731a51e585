import type { PrinterInfo, PrinterStatus } from '@nine/shared/agent-protocol';
import type { AppT } from '../../lib/i18n.ts';
import type { AgentPhase } from './agent-machine.ts';

/** What the header badge says, from the most to the least urgent. */
export type AgentBadge =
  | 'not_connected'
  | 'connecting'
  | 'pair'
  | 'no_printer'
  | 'paper_out'
  | 'cover_open'
  | 'cutter_error'
  | 'offline'
  | 'paper_low'
  | 'ready'
  | 'unknown';

export type BadgeTone = 'gray' | 'blue' | 'orange' | 'red' | 'green';

export const BADGE_TONE: Record<AgentBadge, BadgeTone> = {
  not_connected: 'gray',
  connecting: 'blue',
  pair: 'orange',
  no_printer: 'orange',
  paper_out: 'red',
  cover_open: 'red',
  cutter_error: 'red',
  offline: 'red',
  paper_low: 'orange',
  ready: 'green',
  unknown: 'green',
};

/** The printer part of the badge: its worst reported problem, else ready (or unknown: it never answers). */
export function printerBadge(status: PrinterStatus | null): AgentBadge {
  if (status === null) return 'unknown';
  if (status.paperOut) return 'paper_out';
  if (status.coverOpen) return 'cover_open';
  if (status.cutterError) return 'cutter_error';
  if (status.state === 'offline') return 'offline';
  if (status.paperNearEnd) return 'paper_low';
  return status.state === 'ready' ? 'ready' : 'unknown';
}

export function agentBadge(
  phase: AgentPhase,
  printer: PrinterInfo | null,
  status: PrinterStatus | null,
): AgentBadge {
  switch (phase) {
    case 'off':
    case 'disconnected':
      return 'not_connected';
    case 'connecting':
      return 'connecting';
    case 'pairing':
      return 'pair';
    case 'ready':
      return printer === null ? 'no_printer' : printerBadge(status);
  }
}

export function badgeText(t: AppT, badge: AgentBadge): string {
  return t(`agent:badge.${badge}`);
}
