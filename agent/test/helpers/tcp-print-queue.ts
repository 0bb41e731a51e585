import type { FastifyBaseLogger } from 'fastify';
import type { JobInfo } from '@nine/shared/agent-protocol';
import { makePrinterProfile, type Printer } from '../../src/devices/printer.ts';
import { createTcpTransport } from '../../src/devices/transports/tcp-transport.ts';
import { createJobJournal } from '../../src/jobs/job-journal.ts';
import { createJobQueue } from '../../src/jobs/job-queue.ts';

/** A print queue on one network printer at 127.0.0.1:`port`, as the agent builds it, without the agent. */

const quiet = () => undefined;
const silentLog = {
  level: 'silent',
  fatal: quiet,
  error: quiet,
  warn: quiet,
  info: quiet,
  debug: quiet,
  trace: quiet,
  silent: quiet,
  child: () => silentLog,
} as unknown as FastifyBaseLogger;

export const TCP_PRINTER_ID = 'counter';

export function tcpPrintQueue(journalPath: string, port: number, onStatus: (job: JobInfo) => void = quiet) {
  const printer: Printer = {
    id: TCP_PRINTER_ID,
    name: 'Counter',
    profile: makePrinterProfile({ paperWidthMm: 80 }),
    transport: createTcpTransport({ host: '127.0.0.1', port, statusTimeoutMs: 200 }),
  };
  const queue = createJobQueue({
    journal: createJobJournal(journalPath),
    printers: [printer],
    onStatus,
    log: silentLog,
  });
  return { queue, printer };
}

/** The bytes of test job `n`: a reset and one line that names it. */
export const numberedJob = (n: number) => Buffer.from(`\x1b@JOB ${n}\n`, 'latin1');

/** The job number a printer received, from its bytes. */
export const jobNumberOf = (bytes: Buffer): number | undefined => {
  const match = /JOB (\d+)\n/.exec(bytes.toString('latin1'));
  return match === null ? undefined : Number(match[1]);
};
