import { numberedJob, TCP_PRINTER_ID, tcpPrintQueue } from './tcp-print-queue.ts';

/**
 * Run by a test as its own process, so the test can kill it for real (SIGKILL) in the middle of a job:
 * `node --import tsx test/helpers/tcp-queue-child.ts <journal> <port> <jobs>`. Queues the numbered jobs
 * (idempotency key `job-<n>`) to a queue on the TCP printer at 127.0.0.1:<port> and prints them.
 */
const [journalPath, port, count] = process.argv.slice(2);
if (journalPath === undefined || port === undefined || count === undefined) {
  throw new Error('usage: tcp-queue-child.ts <journal> <port> <jobs>');
}
const { queue } = tcpPrintQueue(journalPath, Number(port));
await queue.start();
// Submitted together they share one journal write: all of them are on disk before the first one prints.
await Promise.all(
  Array.from({ length: Number(count) }, (_, i) =>
    queue.submit({ printerId: TCP_PRINTER_ID, bytes: numberedJob(i + 1), idempotencyKey: `job-${i + 1}` }),
  ),
);
// Stay up until killed; the queue's sockets alone would let the process end once it is idle.
setInterval(() => undefined, 60_000);
