import { useCallback, useEffect, useRef, useState } from 'react';
import type { JobInfo, JobResolution, JobState } from '@nine/shared/agent-protocol';
import { receiptDocument, type ReceiptDocumentInput } from '@nine/shared/receipt';
import { useAgentActor } from '../agent-context.tsx';
import { AgentRequestError, type AgentFailureCode } from '../agent-connection.ts';
import { activePrinter, agentPhase } from '../agent-machine.ts';
import { readAgentSettings } from '../agent-settings.ts';
import { readLocalSettings, useLocalSettings, type LocalSettings } from '../../../lib/local-settings.ts';
import { randomHex } from '../../../lib/random-id.ts';
import { printReceiptInBrowser } from './browser-print.tsx';

export type PrintPhase = 'idle' | 'sending' | JobState | 'browser';

export interface PrintState {
  phase: PrintPhase;
  via: 'agent' | 'browser' | null;
  job: JobInfo | null;
  /** The printer's name, when printed through the agent. */
  printerName: string | null;
  /** What went wrong: the request's failure code, or 'job' when the agent reported the job failed. */
  errorCode: AgentFailureCode | 'invalid-receipt' | 'job' | null;
  /** The agent's words on why it failed, or why a queued job waits. */
  reason: string | null;
  /** A drawer kick was asked for but the browser cannot open a cash drawer. */
  drawerSkipped: boolean;
  /** The answer being sent for a `needs-confirmation` job, while the agent has not taken it yet. */
  resolving: JobResolution | null;
  /** The receipt printer was asked for (print mode 'receipt') but the agent was not ready. */
  fallback: boolean;
}

export interface PrintOptions {
  /** Kick the cash drawer (cash payments); only through the agent. */
  openDrawer?: boolean;
  /** Cut the paper after the receipt (default true). */
  cut?: boolean;
  /**
   * 'auto' follows the device's print mode (Local settings); 'agent' asks for the counter printer whatever
   * the mode (a test print, label tickets), else the browser; 'browser' is the person's own choice.
   */
  via?: 'auto' | 'agent' | 'browser';
}

export type PrintMode = LocalSettings['printMode'];

/**
 * Where a print goes. The 'browser' mode always prints through the browser's dialog; the 'receipt' mode
 * prints on the counter printer and falls back to the browser when the agent is not ready, saying so.
 */
export function printRoute(
  mode: PrintMode,
  via: NonNullable<PrintOptions['via']>,
  agentReady: boolean,
): 'agent' | 'browser' | 'fallback' {
  if (via === 'browser') return 'browser';
  if (via === 'auto' && mode === 'browser') return 'browser';
  if (agentReady) return 'agent';
  return via === 'auto' ? 'fallback' : 'browser';
}

/** This device's print mode; re-renders when Local settings change it. */
export function usePrintMode(): PrintMode {
  return useLocalSettings().printMode;
}

export const IDLE_PRINT: PrintState = {
  phase: 'idle',
  via: null,
  job: null,
  printerName: null,
  errorCode: null,
  reason: null,
  drawerSkipped: false,
  resolving: null,
  fallback: false,
};

const PRINT_TIMEOUT_MS = 15_000;
/** How often an unfinished job's status is asked for, in case an event was missed (a reconnect). */
export const JOB_POLL_MS = 5000;
/**
 * Job states only move forward, so a late event never takes the state back. A `needs-confirmation` job
 * ends done or failed, or, when a person asks to print it again, starts over as `queued` with one more
 * `reprints`: that counter orders before the state.
 */
const RANK: Record<JobState, number> = {
  queued: 1,
  printing: 2,
  'needs-confirmation': 3,
  done: 4,
  failed: 4,
};
const progress = (job: JobInfo) => (job.reprints ?? 0) * 10 + RANK[job.status];

function advance(state: PrintState, job: JobInfo): PrintState {
  if (state.via !== 'agent' || state.job?.jobId !== job.jobId) return state;
  if (progress(job) < progress(state.job)) return state;
  return {
    ...state,
    phase: job.status,
    job,
    reason: job.reason ?? null,
    errorCode: job.status === 'failed' ? 'job' : null,
  };
}

/**
 * Prints receipt documents: silently on the counter's printer through the paired agent, following the job
 * (queued, printing, done, failed, or needs-confirmation when the agent stopped mid-send), or through the
 * browser's print dialog: as the device's print mode says (Local settings), or when the agent is not ready. `resolve` sends a person's answer for a job that may have
 * printed; nothing is printed again unless they ask.
 */
export function usePrint() {
  const actor = useAgentActor();
  const [state, setState] = useState<PrintState>(IDLE_PRINT);
  // Job events can overtake the print reply: keep the latest of each for a moment.
  const seen = useRef(new Map<string, JobInfo>());

  useEffect(() => {
    const subscription = actor.on('job', ({ job }) => {
      const known = seen.current;
      known.set(job.jobId, job);
      if (known.size > 50) known.delete(known.keys().next().value ?? '');
      setState((current) => advance(current, job));
    });
    return () => subscription.unsubscribe();
  }, [actor]);

  const jobId = state.via === 'agent' ? (state.job?.jobId ?? null) : null;
  const waiting = state.phase === 'queued' || state.phase === 'printing';
  useEffect(() => {
    if (jobId === null || !waiting) return;
    const timer = setInterval(() => {
      const connection = actor.getSnapshot().context.connection;
      if (connection === null) return;
      connection.request('job-status', { jobId }).then(
        ({ job }) => setState((current) => advance(current, job)),
        () => {
          // The next poll or event will tell.
        },
      );
    }, JOB_POLL_MS);
    return () => clearInterval(timer);
  }, [actor, jobId, waiting]);

  const print = useCallback(
    async (input: ReceiptDocumentInput, options: PrintOptions = {}): Promise<PrintState> => {
      const parsed = receiptDocument.safeParse(input);
      if (!parsed.success) {
        const failed: PrintState = {
          ...IDLE_PRINT,
          phase: 'failed',
          errorCode: 'invalid-receipt',
          reason: parsed.error.issues[0]?.message ?? null,
        };
        setState(failed);
        return failed;
      }
      const receipt = parsed.data;
      const settings = readAgentSettings();
      const snapshot = actor.getSnapshot();
      const printer = activePrinter(snapshot, settings.printerId);
      const connection = snapshot.context.connection;

      const ready = agentPhase(snapshot) === 'ready' && printer !== null && connection !== null;
      const route = printRoute(readLocalSettings().printMode, options.via ?? 'auto', ready);

      if (route === 'agent' && printer && connection) {
        const sending: PrintState = {
          ...IDLE_PRINT,
          phase: 'sending',
          via: 'agent',
          printerName: printer.name,
        };
        setState(sending);
        try {
          const { job } = await connection.request(
            'print',
            {
              printerId: printer.id,
              idempotencyKey: randomHex(16),
              job: {
                kind: 'receipt',
                receipt,
                cut: options.cut ?? true,
                openDrawer: options.openDrawer ?? false,
              },
            },
            { timeoutMs: PRINT_TIMEOUT_MS },
          );
          const accepted: PrintState = {
            ...sending,
            phase: job.status,
            job,
            reason: job.reason ?? null,
            errorCode: job.status === 'failed' ? 'job' : null,
          };
          const latest = seen.current.get(job.jobId);
          const next = latest === undefined ? accepted : advance(accepted, latest);
          setState(next);
          return next;
        } catch (error) {
          const failed: PrintState = {
            ...sending,
            phase: 'failed',
            errorCode: error instanceof AgentRequestError ? error.code : 'internal',
            reason: error instanceof Error ? error.message : null,
          };
          setState(failed);
          return failed;
        }
      }

      const browser: PrintState = {
        ...IDLE_PRINT,
        phase: 'browser',
        via: 'browser',
        drawerSkipped: !!options.openDrawer,
        fallback: route === 'fallback',
      };
      setState(browser);
      await printReceiptInBrowser(receipt, settings.paperWidthMm);
      return browser;
    },
    [actor],
  );

  const resolve = useCallback(
    async (resolution: JobResolution): Promise<void> => {
      const connection = actor.getSnapshot().context.connection;
      if (jobId === null || connection === null) return;
      const ours = (current: PrintState) => current.via === 'agent' && current.job?.jobId === jobId;
      setState((current) =>
        ours(current) ? { ...current, resolving: resolution, errorCode: null } : current,
      );
      try {
        const { job } = await connection.request('resolve-job', { jobId, resolution });
        setState((current) => {
          if (!ours(current)) return current;
          const next = advance({ ...current, resolving: null }, job);
          // Events for the reprint can overtake the reply.
          const latest = seen.current.get(jobId);
          return latest === undefined ? next : advance(next, latest);
        });
      } catch (error) {
        // The answer did not arrive: still for a person to decide, and the buttons come back.
        setState((current) =>
          ours(current)
            ? {
                ...current,
                resolving: null,
                errorCode: error instanceof AgentRequestError ? error.code : 'internal',
              }
            : current,
        );
      }
    },
    [actor, jobId],
  );

  const reset = useCallback(() => setState(IDLE_PRINT), []);

  return { state, print, reset, resolve };
}
